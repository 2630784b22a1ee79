// Calendar dates for payroll: parsing, day numbers and pay weeks.
#pragma once
#include <cstdint>
#include <string>

namespace shiftpay {

struct Date {
    int year = 1970;
    unsigned month = 1;
    unsigned day = 1;

    std::string str() const;
};

bool operator<(const Date& a, const Date& b);
bool operator==(const Date& a, const Date& b);
inline bool operator<=(const Date& a, const Date& b) { return !(b < a); }
inline bool operator!=(const Date& a, const Date& b) { return !(a == b); }

// Parses YYYY-MM-DD. Returns false on malformed or impossible dates.
bool parse_date(const std::string& s, Date& out);

bool is_leap_year(int y);
unsigned days_in_month(int y, unsigned m);

// Days since 1970-01-01 (proleptic Gregorian).
int64_t days_from_civil(int y, unsigned m, unsigned d);
Date civil_from_days(int64_t z);

inline int64_t day_number(const Date& d) { return days_from_civil(d.year, d.month, d.day); }

// 0 = Monday ... 6 = Sunday.
unsigned weekday(int64_t day_num);

// Day number of the Monday that starts the pay week containing day_num.
int64_t pay_week_start(int64_t day_num);

}  // namespace shiftpay
