#include "timeutil.hpp"
#include <cstdio>
#include <stdexcept>

Minute parse_hhmm(const std::string& s) {
    int h = 0, m = 0;
    char extra = 0;
    if (std::sscanf(s.c_str(), "%d:%d%c", &h, &m, &extra) != 2 || h < 0 || h > 24 || m < 0 || m > 59)
        throw std::invalid_argument("bad time: " + s);
    return h * 60 + m;
}

std::string format_hhmm(Minute m) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02d:%02d", m / 60, m % 60);
    return buf;
}

std::string format_interval(const Interval& iv) {
    return format_hhmm(iv.start) + "-" + format_hhmm(iv.end);
}
