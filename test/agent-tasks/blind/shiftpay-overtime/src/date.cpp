#include "date.hpp"

#include <cstdio>
#include <cctype>

namespace shiftpay {

std::string Date::str() const {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", year, month, day);
    return buf;
}

bool operator<(const Date& a, const Date& b) {
    if (a.year != b.year) return a.year < b.year;
    if (a.month != b.month) return a.month < b.month;
    return a.day < b.day;
}

bool operator==(const Date& a, const Date& b) {
    return a.year == b.year && a.month == b.month && a.day == b.day;
}

bool is_leap_year(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

unsigned days_in_month(int y, unsigned m) {
    static const unsigned table[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12) return 0;
    if (m == 2 && is_leap_year(y)) return 29;
    return table[m - 1];
}

static bool digits(const std::string& s, size_t pos, size_t n, int& out) {
    int v = 0;
    for (size_t i = pos; i < pos + n; ++i) {
        if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
        v = v * 10 + (s[i] - '0');
    }
    out = v;
    return true;
}

bool parse_date(const std::string& s, Date& out) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    int y, m, d;
    if (!digits(s, 0, 4, y) || !digits(s, 5, 2, m) || !digits(s, 8, 2, d)) return false;
    if (m < 1 || m > 12) return false;
    if (d < 1 || static_cast<unsigned>(d) > days_in_month(y, static_cast<unsigned>(m))) return false;
    out.year = y;
    out.month = static_cast<unsigned>(m);
    out.day = static_cast<unsigned>(d);
    return true;
}

// Howard Hinnant's algorithm; years are counted from March so that the
// leap day falls at the end of the year.
int64_t days_from_civil(int y, unsigned m, unsigned d) {
    const int64_t yy = static_cast<int64_t>(y) - (m < 2 ? 1 : 0);
    const int64_t era = (yy >= 0 ? yy : yy - 399) / 400;
    const int64_t yoe = yy - era * 400;                                  // [0, 399]
    const int64_t mp = (static_cast<int64_t>(m) + 9) % 12;               // March = 0
    const int64_t doy = (153 * mp + 2) / 5 + static_cast<int64_t>(d) - 1; // [0, 365]
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;           // [0, 146096]
    return era * 146097 + doe - 719468;
}

Date civil_from_days(int64_t z) {
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const int64_t doe = z - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    Date out;
    out.day = static_cast<unsigned>(doy - (153 * mp + 2) / 5 + 1);
    out.month = static_cast<unsigned>(mp < 10 ? mp + 3 : mp - 9);
    out.year = static_cast<int>(yoe + era * 400 + (out.month <= 2 ? 1 : 0));
    return out;
}

unsigned weekday(int64_t day_num) {
    // 1970-01-01 was a Thursday (index 3 with Monday = 0).
    int64_t w = (day_num + 3) % 7;
    if (w < 0) w += 7;
    return static_cast<unsigned>(w);
}

int64_t pay_week_start(int64_t day_num) {
    return day_num - weekday(day_num);
}

}  // namespace shiftpay
