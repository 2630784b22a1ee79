// Employee roster: pay rates and overtime rules.
#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace shiftpay {

struct Employee {
    std::string id;
    std::string name;
    int64_t rate_cents = 0;          // hourly base rate
    int weekly_threshold_min = 2400;  // minutes per pay week before overtime
    int ot_percent = 150;            // overtime multiplier, percent
    std::string cost_centre;
};

class Roster {
public:
    void load(const std::string& path);
    const Employee* find(const std::string& id) const;
    const std::map<std::string, Employee>& all() const { return by_id_; }

private:
    std::map<std::string, Employee> by_id_;
};

// "18.75" -> 1875. Returns false on malformed input.
bool parse_money(const std::string& s, int64_t& cents);
std::string format_money(int64_t cents);

}  // namespace shiftpay
