#include "roster.hpp"
#include "csv.hpp"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace shiftpay {

bool parse_money(const std::string& s, int64_t& cents) {
    int64_t whole = 0;
    int64_t frac = 0;
    int frac_digits = 0;
    bool seen_dot = false;
    bool any = false;
    for (char c : s) {
        if (c == '.') {
            if (seen_dot) return false;
            seen_dot = true;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            any = true;
            if (seen_dot) {
                if (++frac_digits > 2) return false;
                frac = frac * 10 + (c - '0');
            } else {
                whole = whole * 10 + (c - '0');
            }
        } else {
            return false;
        }
    }
    if (!any) return false;
    if (frac_digits == 1) frac *= 10;
    cents = whole * 100 + frac;
    return true;
}

std::string format_money(int64_t cents) {
    char buf[32];
    const char* sign = cents < 0 ? "-" : "";
    int64_t a = cents < 0 ? -cents : cents;
    std::snprintf(buf, sizeof buf, "%s%lld.%02lld", sign,
                  static_cast<long long>(a / 100), static_cast<long long>(a % 100));
    return buf;
}

static int column(const std::vector<std::string>& header, const std::string& name) {
    for (size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return static_cast<int>(i);
    throw CsvError("roster: missing column '" + name + "'");
}

void Roster::load(const std::string& path) {
    std::vector<std::string> header;
    auto rows = read_csv(path, header);
    const int c_id = column(header, "employee_id");
    const int c_name = column(header, "name");
    const int c_rate = column(header, "hourly_rate");
    const int c_thr = column(header, "weekly_hours");
    const int c_ot = column(header, "ot_percent");
    const int c_cc = column(header, "cost_centre");
    for (const auto& row : rows) {
        Employee e;
        e.id = row.fields[c_id];
        e.name = row.fields[c_name];
        if (!parse_money(row.fields[c_rate], e.rate_cents))
            throw CsvError(path + ":" + std::to_string(row.line) + ": bad hourly_rate");
        e.weekly_threshold_min = std::atoi(row.fields[c_thr].c_str()) * 60;
        e.ot_percent = std::atoi(row.fields[c_ot].c_str());
        e.cost_centre = row.fields[c_cc];
        if (e.weekly_threshold_min <= 0 || e.ot_percent < 100)
            throw CsvError(path + ":" + std::to_string(row.line) + ": bad overtime rule");
        by_id_[e.id] = e;
    }
}

const Employee* Roster::find(const std::string& id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &it->second;
}

}  // namespace shiftpay
