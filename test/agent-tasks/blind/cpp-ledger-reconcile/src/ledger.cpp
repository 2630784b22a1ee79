#include "ledger.hpp"

#include <algorithm>
#include <stdexcept>

#include "csv.hpp"

namespace recon {

Decimal money(Decimal d) { return d.round(2); }

TxnKind parse_kind(const std::string& s, int line_no) {
    if (s == "DEP") return TxnKind::Deposit;
    if (s == "WDR") return TxnKind::Withdrawal;
    if (s == "FEE") return TxnKind::Fee;
    if (s == "INT") return TxnKind::Interest;
    if (s == "ADJ") return TxnKind::Adjustment;
    throw std::runtime_error("line " + std::to_string(line_no) + ": unknown kind " + s);
}

Account& Ledger::account(const std::string& id, int line_no) {
    auto it = accounts_.find(id);
    if (it == accounts_.end())
        throw std::runtime_error("line " + std::to_string(line_no) + ": unknown account " + id);
    return it->second;
}

void Ledger::load_opening(const std::string& path) {
    for (const auto& row : read_csv(path, 3)) {
        Account a;
        a.id = row.fields[0];
        a.currency = row.fields[1];
        a.opening = Decimal::parse(row.fields[2]);
        a.balance = a.opening;
        accounts_[a.id] = a;
    }
}

void Ledger::load_transactions(const std::string& path) {
    for (const auto& row : read_csv(path, 4)) {
        Txn t;
        t.line_no = row.line_no;
        t.date = row.fields[0];
        t.account = row.fields[1];
        t.kind = parse_kind(row.fields[2], row.line_no);
        t.amount = Decimal::parse(row.fields[3]);
        if (row.fields.size() > 4) t.memo = row.fields[4];
        txns_.push_back(t);
    }
    std::stable_sort(txns_.begin(), txns_.end(),
                     [](const Txn& a, const Txn& b) { return a.date < b.date; });
}

void Ledger::post(const Txn& t) {
    Account& a = account(t.account, t.line_no);
    static const Decimal hundred = Decimal::from_int(100);
    Decimal delta;
    switch (t.kind) {
        case TxnKind::Deposit:
            delta = t.amount;
            break;
        case TxnKind::Withdrawal:
            delta = -t.amount;
            break;
        case TxnKind::Fee:
            // fee is a percentage of the current balance, never below 1.00
            delta = -std::max(money(a.balance * t.amount / hundred), Decimal::from_int(1));
            break;
        case TxnKind::Interest:
            delta = a.balance.is_negative() ? Decimal() : money(a.balance * t.amount / hundred);
            break;
        case TxnKind::Adjustment:
            delta = t.amount;
            break;
    }
    a.balance += delta;
    if (delta.is_negative()) a.debits -= delta; else a.credits += delta;
    a.txn_count++;
}

void Ledger::post_all() {
    for (const auto& t : txns_) post(t);
}

}  // namespace recon
