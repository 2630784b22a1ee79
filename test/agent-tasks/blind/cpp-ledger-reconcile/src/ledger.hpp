#pragma once
#include <map>
#include <string>
#include <vector>

#include "fixdec/fixdec.hpp"

namespace recon {

using fixdec::Decimal;

enum class TxnKind { Deposit, Withdrawal, Fee, Interest, Adjustment };

struct Txn {
    int line_no = 0;
    std::string date;
    std::string account;
    TxnKind kind = TxnKind::Deposit;
    Decimal amount;      // for Fee/Interest: the rate in percent
    std::string memo;
};

struct Account {
    std::string id;
    std::string currency;
    Decimal opening;
    Decimal balance;
    Decimal credits;
    Decimal debits;
    int txn_count = 0;
};

class Ledger {
public:
    void load_opening(const std::string& path);
    void load_transactions(const std::string& path);
    void post_all();

    const std::map<std::string, Account>& accounts() const { return accounts_; }

private:
    void post(const Txn& t);
    Account& account(const std::string& id, int line_no);

    std::map<std::string, Account> accounts_;
    std::vector<Txn> txns_;
};

TxnKind parse_kind(const std::string& s, int line_no);
Decimal money(Decimal d);

}  // namespace recon
