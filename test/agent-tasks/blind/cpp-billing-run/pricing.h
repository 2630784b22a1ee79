// pricing.h - unit price resolution (breaks, regional adjustment, contracts)
#pragma once

#include <map>
#include <string>

#include "catalog.h"
#include "money.h"

struct Customer {
    std::string id;
    std::string name;
    std::string region;    // e.g. "EU-W", "US-E"
    std::string contract;  // empty = list price
};

struct RegionInfo {
    BasisPoints priceAdjust = 0;  // +/- applied to list price
    BasisPoints taxRate = 0;
    Cents freightFlat = 0;
    Cents freeFreightOver = 0;    // 0 = never free
};

struct PriceKey {
    std::string sku;
    int tier = 0;
    std::string region;
    std::string contract;

    bool operator<(const PriceKey& o) const;
};

class PriceEngine {
public:
    PriceEngine(const Catalog& catalog, std::map<std::string, RegionInfo> regions,
                std::map<std::string, std::map<std::string, BasisPoints>> contracts);

    Cents unitPrice(const Customer& cust, const std::string& sku, int qty);
    const RegionInfo& region(const std::string& code) const;
    const Catalog& catalog() const { return catalog_; }

    std::size_t cacheHits() const { return hits_; }
    std::size_t cacheMisses() const { return misses_; }

private:
    Cents computeUnitPrice(const Customer& cust, const Product& p, int tier) const;
    BasisPoints contractDiscount(const std::string& contract, const std::string& category) const;

    const Catalog& catalog_;
    std::map<std::string, RegionInfo> regions_;
    std::map<std::string, std::map<std::string, BasisPoints>> contracts_;
    std::map<PriceKey, Cents> cache_;
    std::size_t hits_ = 0;
    std::size_t misses_ = 0;
};
