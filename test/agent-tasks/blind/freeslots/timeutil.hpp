#pragma once
#include <string>

// Minutes since midnight.
using Minute = int;

Minute parse_hhmm(const std::string& s);   // "09:30" -> 570
std::string format_hhmm(Minute m);         // 570 -> "09:30"

struct Interval {
    Minute start;
    Minute end;   // exclusive

    Minute length() const { return end - start; }
    bool overlaps_or_touches(const Interval& o) const {
        return start <= o.end && o.start <= end;
    }
    bool operator==(const Interval& o) const { return start == o.start && end == o.end; }
    // Intervals are ordered by when they finish; the reminder queue and
    // "next thing to end" logic rely on this.
    bool operator<(const Interval& o) const {
        return end < o.end || (end == o.end && start < o.start);
    }
};

std::string format_interval(const Interval& iv);
