#include "timesheet.hpp"
#include "csv.hpp"

#include <cctype>
#include <cstdlib>

namespace shiftpay {

bool parse_clock(const std::string& s, int& minutes) {
    size_t colon = s.find(':');
    if (colon == std::string::npos || colon == 0 || colon > 2 || s.size() != colon + 3) return false;
    for (size_t i = 0; i < s.size(); ++i) {
        if (i == colon) continue;
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    }
    int h = std::atoi(s.substr(0, colon).c_str());
    int m = std::atoi(s.substr(colon + 1).c_str());
    if (m > 59 || h > 24 || (h == 24 && m != 0)) return false;
    minutes = h * 60 + m;
    return true;
}

int Shift::paid_minutes() const {
    int span = end_min - start_min;
    if (span <= 0) span += 24 * 60;
    int paid = span - break_min;
    return paid > 0 ? paid : 0;
}

static int column(const std::vector<std::string>& header, const std::string& name) {
    for (size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return static_cast<int>(i);
    throw CsvError("shifts: missing column '" + name + "'");
}

std::vector<Shift> load_shifts(const std::string& path) {
    std::vector<std::string> header;
    auto rows = read_csv(path, header);
    const int c_emp = column(header, "employee_id");
    const int c_date = column(header, "date");
    const int c_in = column(header, "clock_in");
    const int c_out = column(header, "clock_out");
    const int c_brk = column(header, "break_min");

    std::vector<Shift> shifts;
    shifts.reserve(rows.size());
    for (const auto& row : rows) {
        Shift s;
        s.source_line = row.line;
        s.employee_id = row.fields[c_emp];
        const std::string where = path + ":" + std::to_string(row.line);
        if (!parse_date(row.fields[c_date], s.date)) throw CsvError(where + ": bad date");
        if (!parse_clock(row.fields[c_in], s.start_min)) throw CsvError(where + ": bad clock_in");
        if (!parse_clock(row.fields[c_out], s.end_min)) throw CsvError(where + ": bad clock_out");
        const std::string& brk = row.fields[c_brk];
        s.break_min = brk.empty() ? 0 : std::atoi(brk.c_str());
        if (s.break_min < 0) throw CsvError(where + ": negative break");
        shifts.push_back(s);
    }
    return shifts;
}

}  // namespace shiftpay
