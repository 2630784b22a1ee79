#include "payroll.hpp"

#include <algorithm>

namespace shiftpay {

int64_t pay_for_minutes(int minutes, int64_t rate_cents, int percent) {
    // cents = minutes/60 * rate * percent/100, computed exactly then rounded.
    const int64_t num = static_cast<int64_t>(minutes) * rate_cents * percent;
    const int64_t den = 60 * 100;
    return (num + den / 2) / den;
}

namespace {

struct Accumulator {
    int shifts = 0;
    std::map<int64_t, int> minutes_by_week;
};

void split_week(const Employee& emp, WeekTotals& w) {
    if (w.worked_min > emp.weekly_threshold_min) {
        w.regular_min = emp.weekly_threshold_min;
        w.overtime_min = w.worked_min - emp.weekly_threshold_min;
    } else {
        w.regular_min = w.worked_min;
        w.overtime_min = 0;
    }
}

}  // namespace

PayrollResult run_payroll(const Roster& roster, const std::vector<Shift>& shifts,
                          const PayPeriod& period) {
    PayrollResult result;
    std::map<std::string, Accumulator> acc;

    for (const Shift& s : shifts) {
        if (s.date < period.from || period.to < s.date) continue;
        const Employee* emp = roster.find(s.employee_id);
        if (!emp) {
            result.warnings.push_back("line " + std::to_string(s.source_line) +
                                      ": unknown employee " + s.employee_id);
            continue;
        }
        const int paid = s.paid_minutes();
        if (paid > 16 * 60) {
            result.warnings.push_back("line " + std::to_string(s.source_line) + ": " +
                                      s.employee_id + " shift over 16h on " + s.date.str());
        }
        Accumulator& a = acc[emp->id];
        a.shifts += 1;
        const int64_t week = pay_week_start(day_number(s.date));
        a.minutes_by_week[week] += paid;
    }

    for (const auto& [id, a] : acc) {
        const Employee& emp = *roster.find(id);
        PayLine line;
        line.employee = &emp;
        line.shifts = a.shifts;
        for (const auto& [week, minutes] : a.minutes_by_week) {
            WeekTotals w;
            w.week_start = week;
            w.worked_min = minutes;
            split_week(emp, w);
            line.regular_min += w.regular_min;
            line.overtime_min += w.overtime_min;
            line.weeks.push_back(w);
        }
        line.regular_cents = pay_for_minutes(line.regular_min, emp.rate_cents, 100);
        line.overtime_cents = pay_for_minutes(line.overtime_min, emp.rate_cents, emp.ot_percent);
        result.lines.push_back(line);
    }
    std::sort(result.lines.begin(), result.lines.end(),
              [](const PayLine& a, const PayLine& b) { return a.employee->id < b.employee->id; });
    return result;
}

}  // namespace shiftpay
