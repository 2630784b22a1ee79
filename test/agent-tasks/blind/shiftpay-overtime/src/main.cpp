// shiftpay: pay-period summary from time-clock exports.
//
// usage: shiftpay --roster FILE --shifts FILE --from YYYY-MM-DD --to YYYY-MM-DD
#include "csv.hpp"
#include "date.hpp"
#include "payroll.hpp"
#include "roster.hpp"
#include "timesheet.hpp"

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

using namespace shiftpay;

namespace {

std::string hours(int minutes) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d:%02d", minutes / 60, minutes % 60);
    return buf;
}

int usage() {
    std::fprintf(stderr,
                 "usage: shiftpay --roster FILE --shifts FILE --from YYYY-MM-DD --to YYYY-MM-DD\n");
    return 2;
}

void print_report(const PayPeriod& period, const PayrollResult& r) {
    std::printf("Pay period %s .. %s\n\n", period.from.str().c_str(), period.to.str().c_str());
    std::printf("%-6s %-18s %6s %9s %9s %11s %11s\n", "ID", "Name", "Shifts", "Regular",
                "Overtime", "OT pay", "Gross");
    int64_t total = 0;
    int total_ot = 0;
    std::map<std::string, int64_t> by_centre;
    for (const PayLine& l : r.lines) {
        std::printf("%-6s %-18s %6d %9s %9s %11s %11s\n", l.employee->id.c_str(),
                    l.employee->name.c_str(), l.shifts, hours(l.regular_min).c_str(),
                    hours(l.overtime_min).c_str(), format_money(l.overtime_cents).c_str(),
                    format_money(l.gross_cents()).c_str());
        total += l.gross_cents();
        total_ot += l.overtime_min;
        by_centre[l.employee->cost_centre] += l.gross_cents();
    }
    std::printf("\nTotal overtime: %s h\n", hours(total_ot).c_str());
    std::printf("Total gross:    %s\n", format_money(total).c_str());
    std::printf("\nBy cost centre:\n");
    for (const auto& [cc, cents] : by_centre)
        std::printf("  %-12s %11s\n", cc.c_str(), format_money(cents).c_str());
    if (!r.warnings.empty()) {
        std::printf("\nWarnings:\n");
        for (const auto& w : r.warnings) std::printf("  %s\n", w.c_str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string roster_path, shifts_path, from_s, to_s;
    for (int i = 1; i < argc; ++i) {
        auto next = [&](std::string& out) {
            if (i + 1 >= argc) return false;
            out = argv[++i];
            return true;
        };
        bool ok = true;
        if (!std::strcmp(argv[i], "--roster")) ok = next(roster_path);
        else if (!std::strcmp(argv[i], "--shifts")) ok = next(shifts_path);
        else if (!std::strcmp(argv[i], "--from")) ok = next(from_s);
        else if (!std::strcmp(argv[i], "--to")) ok = next(to_s);
        else ok = false;
        if (!ok) return usage();
    }
    if (roster_path.empty() || shifts_path.empty() || from_s.empty() || to_s.empty()) return usage();

    PayPeriod period;
    if (!parse_date(from_s, period.from) || !parse_date(to_s, period.to) ||
        period.to < period.from) {
        std::fprintf(stderr, "shiftpay: bad pay period %s .. %s\n", from_s.c_str(), to_s.c_str());
        return 2;
    }
    try {
        Roster roster;
        roster.load(roster_path);
        auto shifts = load_shifts(shifts_path);
        PayrollResult r = run_payroll(roster, shifts, period);
        print_report(period, r);
    } catch (const CsvError& e) {
        std::fprintf(stderr, "shiftpay: %s\n", e.what());
        return 1;
    }
    return 0;
}
