#include "pricing.h"

#include <stdexcept>
#include <tuple>
#include <utility>

bool PriceKey::operator<(const PriceKey& o) const {
    return std::tie(sku, tier, region) < std::tie(o.sku, o.tier, o.region);
}

PriceEngine::PriceEngine(const Catalog& catalog, std::map<std::string, RegionInfo> regions,
                         std::map<std::string, std::map<std::string, BasisPoints>> contracts)
    : catalog_(catalog), regions_(std::move(regions)), contracts_(std::move(contracts)) {}

const RegionInfo& PriceEngine::region(const std::string& code) const {
    auto it = regions_.find(code);
    if (it == regions_.end()) throw std::out_of_range("unknown region " + code);
    return it->second;
}

BasisPoints PriceEngine::contractDiscount(const std::string& contract,
                                          const std::string& category) const {
    if (contract.empty()) return 0;
    auto c = contracts_.find(contract);
    if (c == contracts_.end()) return 0;
    auto byCat = c->second.find(category);
    if (byCat != c->second.end()) return byCat->second;
    auto any = c->second.find("*");
    return any == c->second.end() ? 0 : any->second;
}

Cents PriceEngine::computeUnitPrice(const Customer& cust, const Product& p, int tier) const {
    Cents price = p.basePrice;
    if (tier > 0) {
        price -= applyBp(price, p.breaks[tier - 1].discount);
    }
    price += applyBp(price, region(cust.region).priceAdjust);
    const BasisPoints contractBp = contractDiscount(cust.contract, p.category);
    if (contractBp > 0) {
        price -= applyBp(price, contractBp);
    }
    return price;
}

Cents PriceEngine::unitPrice(const Customer& cust, const std::string& sku, int qty) {
    const Product& p = catalog_.get(sku);
    const int tier = catalog_.tierFor(p, qty);
    const PriceKey key{p.sku, tier, cust.region, cust.contract};

    auto it = cache_.find(key);
    if (it != cache_.end()) {
        ++hits_;
        return it->second;
    }
    ++misses_;
    const Cents price = computeUnitPrice(cust, p, tier);
    cache_.emplace(key, price);
    return price;
}
