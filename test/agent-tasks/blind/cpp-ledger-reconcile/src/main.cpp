#include <iostream>
#include <map>
#include <string>

#include "csv.hpp"
#include "ledger.hpp"

using recon::Decimal;

static std::map<std::string, Decimal> load_statement(const std::string& path) {
    std::map<std::string, Decimal> out;
    for (const auto& row : recon::read_csv(path, 2)) out[row.fields[0]] = Decimal::parse(row.fields[1]);
    return out;
}

static std::string pad(const std::string& s, std::size_t w) {
    return s.size() >= w ? s : std::string(w - s.size(), ' ') + s;
}

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: reconcile OPENING.csv TRANSACTIONS.csv STATEMENT.csv\n";
        return 2;
    }
    try {
        recon::Ledger ledger;
        ledger.load_opening(argv[1]);
        ledger.load_transactions(argv[2]);
        ledger.post_all();
        auto statement = load_statement(argv[3]);

        int mismatches = 0;
        std::cout << "account   cur      opening      credits       debits      closing    statement  status\n";
        for (const auto& [id, a] : ledger.accounts()) {
            auto it = statement.find(id);
            std::string stmt = it == statement.end() ? "-" : it->second.to_string(2);
            std::string status = "OK";
            if (it == statement.end()) {
                status = "NO-STMT";
            } else if (it->second != recon::money(a.balance)) {
                status = "DIFF " + (recon::money(a.balance) - it->second).to_string(2);
                ++mismatches;
            }
            std::cout << id << std::string(10 - id.size(), ' ') << a.currency << " "
                      << pad(a.opening.to_string(2), 12) << " " << pad(a.credits.to_string(2), 12) << " "
                      << pad(a.debits.to_string(2), 12) << " " << pad(recon::money(a.balance).to_string(2), 12)
                      << " " << pad(stmt, 12) << "  " << status << "\n";
        }
        std::cout << (mismatches ? std::to_string(mismatches) + " account(s) out of balance\n"
                                 : std::string("all accounts reconciled\n"));
        return mismatches ? 1 : 0;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
}
