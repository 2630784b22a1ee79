// Shift records exported from the time clock.
#pragma once
#include "date.hpp"

#include <string>
#include <vector>

namespace shiftpay {

struct Shift {
    std::string employee_id;
    Date date;           // date the shift started
    int start_min = 0;   // minutes after midnight
    int end_min = 0;     // may be <= start_min for overnight shifts
    int break_min = 0;   // unpaid break
    int source_line = 0;

    // Paid minutes, handling shifts that cross midnight.
    int paid_minutes() const;
};

// "07:30" -> 450. Accepts "24:00" as end of day.
bool parse_clock(const std::string& s, int& minutes);

std::vector<Shift> load_shifts(const std::string& path);

}  // namespace shiftpay
