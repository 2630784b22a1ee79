// Pay-period calculation: weekly overtime and gross pay per employee.
#pragma once
#include "date.hpp"
#include "roster.hpp"
#include "timesheet.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace shiftpay {

struct WeekTotals {
    int64_t week_start = 0;  // day number of the Monday
    int worked_min = 0;
    int regular_min = 0;
    int overtime_min = 0;
};

struct PayLine {
    const Employee* employee = nullptr;
    int shifts = 0;
    int regular_min = 0;
    int overtime_min = 0;
    int64_t regular_cents = 0;
    int64_t overtime_cents = 0;
    std::vector<WeekTotals> weeks;

    int64_t gross_cents() const { return regular_cents + overtime_cents; }
};

struct PayPeriod {
    Date from;
    Date to;  // inclusive
};

struct PayrollResult {
    std::vector<PayLine> lines;                // sorted by employee id
    std::vector<std::string> warnings;
};

PayrollResult run_payroll(const Roster& roster, const std::vector<Shift>& shifts,
                          const PayPeriod& period);

// Pay for a number of minutes at a rate, rounded half up to the cent.
int64_t pay_for_minutes(int minutes, int64_t rate_cents, int percent);

}  // namespace shiftpay
