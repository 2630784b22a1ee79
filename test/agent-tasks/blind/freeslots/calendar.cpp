#include "calendar.hpp"
#include <algorithm>
#include <stdexcept>

namespace {

// Collapse overlapping / back-to-back intervals into single busy blocks.
std::vector<Interval> merge_overlapping(std::vector<Interval> v) {
    std::vector<Interval> out;
    if (v.empty())
        return out;
    std::sort(v.begin(), v.end());
    Interval cur = v.front();
    for (size_t i = 1; i < v.size(); ++i) {
        const Interval& next = v[i];
        if (cur.overlaps_or_touches(next)) {
            cur.end = std::max(cur.end, next.end);
        } else {
            out.push_back(cur);
            cur = next;
        }
    }
    out.push_back(cur);
    return out;
}

// Clip intervals to [lo, hi) and drop the ones entirely outside.
std::vector<Interval> clip(const std::vector<Interval>& v, Minute lo, Minute hi) {
    std::vector<Interval> out;
    for (const Interval& iv : v) {
        Interval c{std::max(iv.start, lo), std::min(iv.end, hi)};
        if (c.start < c.end)
            out.push_back(c);
    }
    return out;
}

} // namespace

void Calendar::add(const std::string& title, const std::string& day,
                   const std::string& from, const std::string& to, bool tentative) {
    Interval iv{parse_hhmm(from), parse_hhmm(to)};
    if (iv.end <= iv.start)
        throw std::invalid_argument("meeting ends before it starts: " + title);
    meetings_.push_back(Meeting{title, day, iv, tentative});
}

std::vector<Interval> Calendar::busy(const std::string& day, bool ignore_tentative) const {
    std::vector<Interval> v;
    for (const Meeting& m : meetings_) {
        if (m.day != day)
            continue;
        if (m.tentative && ignore_tentative)
            continue;
        v.push_back(m.when);
    }
    return merge_overlapping(std::move(v));
}

std::vector<Interval> Calendar::free_slots(const std::string& day,
                                           const std::string& work_from,
                                           const std::string& work_to,
                                           Minute min_len,
                                           bool ignore_tentative) const {
    const Minute lo = parse_hhmm(work_from);
    const Minute hi = parse_hhmm(work_to);
    std::vector<Interval> blocks = clip(busy(day, ignore_tentative), lo, hi);

    std::vector<Interval> gaps;
    Minute cursor = lo;
    for (const Interval& b : blocks) {
        if (b.start > cursor)
            gaps.push_back(Interval{cursor, b.start});
        cursor = std::max(cursor, b.end);
    }
    if (cursor < hi)
        gaps.push_back(Interval{cursor, hi});

    std::vector<Interval> out;
    for (const Interval& g : gaps)
        if (g.length() >= min_len)
            out.push_back(g);
    return out;
}

const Meeting* Calendar::next_to_end(const std::string& day, Minute now) const {
    const Meeting* best = nullptr;
    for (const Meeting& m : meetings_) {
        if (m.day != day || m.when.end <= now)
            continue;
        if (!best || m.when < best->when)
            best = &m;
    }
    return best;
}
