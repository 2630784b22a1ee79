// Minimal test runner for the calendar module.
#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "calendar.hpp"

static int g_failed = 0;
static const char* g_current = "";

static std::string show(const std::vector<Interval>& v) {
    std::ostringstream os;
    os << "[";
    for (size_t i = 0; i < v.size(); ++i)
        os << (i ? ", " : "") << format_interval(v[i]);
    os << "]";
    return os.str();
}

#define CHECK_SLOTS(actual, expected)                                              \
    do {                                                                           \
        auto a_ = (actual);                                                        \
        std::vector<Interval> e_ = expected;                                       \
        if (!(a_ == e_)) {                                                         \
            std::printf("FAIL %s (%s:%d)\n  expected %s\n  actual   %s\n", g_current, \
                        __FILE__, __LINE__, show(e_).c_str(), show(a_).c_str());   \
            ++g_failed;                                                            \
            return;                                                                \
        }                                                                          \
    } while (0)

#define CHECK(cond)                                                                \
    do {                                                                           \
        if (!(cond)) {                                                             \
            std::printf("FAIL %s (%s:%d)\n  %s\n", g_current, __FILE__, __LINE__, #cond); \
            ++g_failed;                                                            \
            return;                                                                \
        }                                                                          \
    } while (0)

static Interval iv(const char* a, const char* b) { return Interval{parse_hhmm(a), parse_hhmm(b)}; }

static void test_time_roundtrip() {
    CHECK(parse_hhmm("09:05") == 545);
    CHECK(format_hhmm(545) == "09:05");
    CHECK(format_interval(iv("13:00", "14:30")) == "13:00-14:30");
}

static void test_empty_day_is_all_free() {
    Calendar c;
    CHECK_SLOTS(c.free_slots("2025-03-12", "09:00", "17:00", 30), {iv("09:00", "17:00")});
}

static void test_back_to_back_meetings_merge() {
    Calendar c;
    c.add("standup", "2025-03-12", "09:30", "09:45");
    c.add("1:1", "2025-03-12", "09:45", "10:15");
    c.add("lunch", "2025-03-12", "12:00", "13:00");
    CHECK_SLOTS(c.free_slots("2025-03-12", "09:00", "17:00", 30),
                (std::vector<Interval>{iv("09:00", "09:30"), iv("10:15", "12:00"), iv("13:00", "17:00")}));
}

static void test_other_days_ignored() {
    Calendar c;
    c.add("offsite", "2025-03-13", "08:00", "18:00");
    c.add("review", "2025-03-12", "15:00", "16:00");
    CHECK_SLOTS(c.free_slots("2025-03-12", "09:00", "17:00", 30),
                (std::vector<Interval>{iv("09:00", "15:00"), iv("16:00", "17:00")}));
}

static void test_short_gaps_dropped() {
    Calendar c;
    c.add("a", "2025-03-12", "10:00", "11:00");
    c.add("b", "2025-03-12", "11:20", "12:00");
    CHECK_SLOTS(c.free_slots("2025-03-12", "10:00", "12:30", 30), {iv("12:00", "12:30")});
}

static void test_tentative_can_be_ignored() {
    Calendar c;
    c.add("maybe", "2025-03-12", "14:00", "15:00", true);
    CHECK_SLOTS(c.free_slots("2025-03-12", "13:00", "16:00", 30, true), {iv("13:00", "16:00")});
    CHECK_SLOTS(c.free_slots("2025-03-12", "13:00", "16:00", 30, false),
                (std::vector<Interval>{iv("13:00", "14:00"), iv("15:00", "16:00")}));
}

static void test_workshop_with_sessions_inside() {
    // A half-day workshop block, with individual sessions booked inside it
    // by other people; plus a call in the afternoon.
    Calendar c;
    c.add("workshop", "2025-03-12", "09:00", "12:30");
    c.add("session: intro", "2025-03-12", "09:15", "10:00");
    c.add("session: lab", "2025-03-12", "10:30", "11:45");
    c.add("vendor call", "2025-03-12", "14:00", "14:45");
    CHECK_SLOTS(c.free_slots("2025-03-12", "08:30", "17:00", 30),
                (std::vector<Interval>{iv("08:30", "09:00"), iv("12:30", "14:00"), iv("14:45", "17:00")}));
}

static void test_next_to_end() {
    Calendar c;
    c.add("long", "2025-03-12", "09:00", "12:00");
    c.add("short", "2025-03-12", "10:00", "10:30");
    const Meeting* m = c.next_to_end("2025-03-12", parse_hhmm("10:10"));
    CHECK(m != nullptr && m->title == "short");
}

int main() {
    std::vector<std::pair<const char*, std::function<void()>>> tests = {
        {"time_roundtrip", test_time_roundtrip},
        {"empty_day_is_all_free", test_empty_day_is_all_free},
        {"back_to_back_meetings_merge", test_back_to_back_meetings_merge},
        {"other_days_ignored", test_other_days_ignored},
        {"short_gaps_dropped", test_short_gaps_dropped},
        {"tentative_can_be_ignored", test_tentative_can_be_ignored},
        {"workshop_with_sessions_inside", test_workshop_with_sessions_inside},
        {"next_to_end", test_next_to_end},
    };
    for (auto& t : tests) {
        g_current = t.first;
        int before = g_failed;
        t.second();
        if (g_failed == before)
            std::printf("ok   %s\n", t.first);
    }
    std::printf("\n%zu tests, %d failed\n", tests.size(), g_failed);
    return g_failed ? 1 : 0;
}
