#include "catalog.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, sep)) out.push_back(cur);
    return out;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

}  // namespace

Catalog Catalog::parse(const std::string& text) {
    Catalog cat;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        auto f = split(line, '|');
        if (f.size() < 4) throw std::runtime_error("bad catalog line: " + line);
        Product p;
        p.sku = trim(f[0]);
        p.name = trim(f[1]);
        p.category = trim(f[2]);
        p.basePrice = std::stoll(trim(f[3]));
        if (f.size() > 4 && !trim(f[4]).empty()) {
            for (const auto& br : split(trim(f[4]), ',')) {
                auto kv = split(br, ':');
                p.breaks.push_back({std::stoi(kv.at(0)), std::stoi(kv.at(1))});
            }
            std::sort(p.breaks.begin(), p.breaks.end(),
                      [](const PriceBreak& a, const PriceBreak& b) { return a.minQty < b.minQty; });
        }
        cat.products_[p.sku] = p;
    }
    return cat;
}

const Product& Catalog::get(const std::string& sku) const {
    auto it = products_.find(sku);
    if (it == products_.end()) throw std::out_of_range("unknown sku " + sku);
    return it->second;
}

int Catalog::tierFor(const Product& p, int qty) const {
    int tier = 0;
    for (std::size_t i = 0; i < p.breaks.size(); ++i) {
        if (qty >= p.breaks[i].minQty) tier = static_cast<int>(i) + 1;
    }
    return tier;
}
