// catalog.h - product catalog with quantity price breaks
#pragma once

#include <map>
#include <string>
#include <vector>

#include "money.h"

struct PriceBreak {
    int minQty;            // break applies from this quantity upward
    BasisPoints discount;  // discount off the base price
};

struct Product {
    std::string sku;
    std::string name;
    std::string category;
    Cents basePrice = 0;
    std::vector<PriceBreak> breaks;  // sorted by minQty ascending
};

class Catalog {
public:
    // Lines look like:  SKU|Name|category|base_cents|minQty:bp,minQty:bp
    static Catalog parse(const std::string& text);

    const Product& get(const std::string& sku) const;
    bool has(const std::string& sku) const { return products_.count(sku) != 0; }

    // Index of the price break for a quantity; 0 means "no break".
    int tierFor(const Product& p, int qty) const;

private:
    std::map<std::string, Product> products_;
};
