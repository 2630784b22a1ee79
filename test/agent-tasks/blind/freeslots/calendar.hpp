#pragma once
#include <string>
#include <vector>
#include "timeutil.hpp"

struct Meeting {
    std::string title;
    std::string day;        // "2025-03-12"
    Interval when;
    bool tentative = false;
};

class Calendar {
public:
    void add(const std::string& title, const std::string& day,
             const std::string& from, const std::string& to, bool tentative = false);

    // Free gaps of at least `min_len` minutes between `work_from` and
    // `work_to` on `day`.  Tentative meetings count as busy unless
    // `ignore_tentative` is set.
    std::vector<Interval> free_slots(const std::string& day,
                                     const std::string& work_from,
                                     const std::string& work_to,
                                     Minute min_len,
                                     bool ignore_tentative = false) const;

    // The meeting on `day` that ends soonest after `now`, or nullptr.
    const Meeting* next_to_end(const std::string& day, Minute now) const;

    size_t size() const { return meetings_.size(); }

private:
    std::vector<Interval> busy(const std::string& day, bool ignore_tentative) const;
    std::vector<Meeting> meetings_;
};
