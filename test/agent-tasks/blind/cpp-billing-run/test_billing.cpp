// test_billing.cpp - small self-contained test runner for the billing code.
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "catalog.h"
#include "invoice.h"
#include "pricing.h"

namespace {

int g_failures = 0;
std::string g_current;

template <typename A, typename B>
void checkEq(const A& expected, const B& got, const std::string& what, const char* file, int line) {
    if (!(expected == got)) {
        std::ostringstream os;
        os << "    " << file << ":" << line << ": " << what << "\n"
           << "      expected: " << expected << "\n"
           << "      got:      " << got;
        std::cout << os.str() << "\n";
        ++g_failures;
    }
}

#define CHECK_EQ(expected, got, what) checkEq((expected), (got), (what), __FILE__, __LINE__)

const char* kCatalog = R"(
# sku     | name                | category    | base | breaks (minQty:bp)
WID-100   | Widget, small       | hardware    | 1250 | 10:500,50:1200
WID-200   | Widget, large       | hardware    | 4800 | 20:800,5:300
CBL-010   | Cable 1m            | accessories |  399 | 25:1000
SVC-PRO   | Pro support (month) | services    |15000 |
)";

struct Fixture {
    Catalog catalog = Catalog::parse(kCatalog);
    std::map<std::string, RegionInfo> regions{
        {"EU-W", RegionInfo{400, 2000, 1500, 50000}},
        {"US-E", RegionInfo{0, 825, 990, 30000}},
    };
    std::map<std::string, std::map<std::string, BasisPoints>> contracts{
        {"GOLD", {{"hardware", 1000}, {"*", 500}}},
        {"PARTNER", {{"services", 2500}}},
    };
    std::vector<Customer> customers{
        {"C-1001", "Acme GmbH", "EU-W", "GOLD"},
        {"C-1002", "Brightline Ltd", "EU-W", ""},
        {"C-1003", "Corvid Inc", "US-E", "PARTNER"},
        {"C-1004", "Dunmore LLC", "US-E", ""},
    };

    const Customer& cust(const std::string& id) const {
        for (const auto& c : customers)
            if (c.id == id) return c;
        throw std::out_of_range(id);
    }
};

void testListPriceSingleLine() {
    Fixture f;
    PriceEngine engine(f.catalog, f.regions, f.contracts);
    Invoice inv = buildInvoice(engine, f.cust("C-1004"), {{"O-1", "C-1004", {{"WID-100", 1}}}});
    CHECK_EQ(std::string("12.50"), formatCents(inv.subtotal), "subtotal");
    CHECK_EQ(std::string("9.90"), formatCents(inv.freight), "freight");
    CHECK_EQ(std::string("1.85"), formatCents(inv.tax), "tax");
    CHECK_EQ(std::string("24.25"), formatCents(inv.total), "total");
}

void testQuantityBreakBoundaries() {
    Fixture f;
    const Product& p = f.catalog.get("WID-100");
    CHECK_EQ(0, f.catalog.tierFor(p, 9), "tier for 9");
    CHECK_EQ(1, f.catalog.tierFor(p, 10), "tier for 10");
    CHECK_EQ(1, f.catalog.tierFor(p, 49), "tier for 49");
    CHECK_EQ(2, f.catalog.tierFor(p, 50), "tier for 50");
    const Product& big = f.catalog.get("WID-200");
    CHECK_EQ(1, f.catalog.tierFor(big, 7), "tier for WID-200 x7 (breaks listed out of order)");
    PriceEngine engine(f.catalog, f.regions, f.contracts);
    CHECK_EQ(Cents{1187}, engine.unitPrice(f.cust("C-1004"), "WID-100", 10), "unit at 10");
    CHECK_EQ(Cents{1100}, engine.unitPrice(f.cust("C-1004"), "WID-100", 50), "unit at 50");
}

void testContractDiscounts() {
    Fixture f;
    PriceEngine engine(f.catalog, f.regions, f.contracts);
    // GOLD: hardware 10%, everything else 5%; EU-W adds 4% first.
    CHECK_EQ(Cents{1170}, engine.unitPrice(f.cust("C-1001"), "WID-100", 1), "GOLD hardware");
    CHECK_EQ(Cents{394}, engine.unitPrice(f.cust("C-1001"), "CBL-010", 1), "GOLD fallback");
    // PARTNER only covers services.
    CHECK_EQ(Cents{11250}, engine.unitPrice(f.cust("C-1003"), "SVC-PRO", 1), "PARTNER services");
    CHECK_EQ(Cents{1250}, engine.unitPrice(f.cust("C-1003"), "WID-100", 1), "PARTNER hardware");
}

void testReturnsAreNetted() {
    Fixture f;
    PriceEngine engine(f.catalog, f.regions, f.contracts);
    std::vector<Order> orders{
        {"O-7", "C-1004", {{"WID-100", 12}, {"CBL-010", 2}}},
        {"O-8", "C-1004", {{"WID-100", -2}, {"CBL-010", -2}}},
    };
    Invoice inv = buildInvoice(engine, f.cust("C-1004"), orders);
    CHECK_EQ(std::size_t{1}, inv.lines.size(), "cable line cancelled out");
    CHECK_EQ(10, inv.lines.at(0).qty, "net widget qty");
    CHECK_EQ(std::string("118.70"), formatCents(inv.subtotal), "subtotal");
    CHECK_EQ(std::string("10.61"), formatCents(inv.tax), "tax");
}

void testFreeFreightThreshold() {
    Fixture f;
    PriceEngine engine(f.catalog, f.regions, f.contracts);
    Invoice inv = buildInvoice(engine, f.cust("C-1004"), {{"O-9", "C-1004", {{"SVC-PRO", 2}}}});
    CHECK_EQ(Cents{30000}, inv.subtotal, "subtotal at threshold");
    CHECK_EQ(Cents{0}, inv.freight, "freight waived");
    CHECK_EQ(std::string("324.75"), formatCents(inv.total), "total");
}

void testPriceCacheIsUsed() {
    Fixture f;
    PriceEngine engine(f.catalog, f.regions, f.contracts);
    for (int i = 0; i < 3; ++i) engine.unitPrice(f.cust("C-1003"), "SVC-PRO", 1);
    CHECK_EQ(std::size_t{1}, engine.cacheMisses(), "misses");
    CHECK_EQ(std::size_t{2}, engine.cacheHits(), "hits");
}

void testPeriodEndBillingRun() {
    Fixture f;
    PriceEngine engine(f.catalog, f.regions, f.contracts);
    std::vector<Order> orders{
        {"O-101", "C-1001", {{"WID-200", 6}, {"CBL-010", 10}}},
        {"O-102", "C-1003", {{"SVC-PRO", 1}, {"WID-100", 12}}},
        {"O-103", "C-1002", {{"WID-200", 4}, {"CBL-010", 30}}},
        {"O-104", "C-1001", {{"CBL-010", 4}}},
        {"O-105", "C-1002", {{"WID-200", 3}}},
        {"O-106", "C-1004", {{"WID-100", 60}}},
    };
    std::vector<Invoice> invoices = billingRun(engine, f.customers, orders);
    CHECK_EQ(std::size_t{4}, invoices.size(), "invoice count");
    if (invoices.size() != 4) return;

    const std::vector<std::pair<std::string, std::string>> expected{
        {"C-1001", "397.97"},
        {"C-1002", "559.01"},
        {"C-1003", "286.69"},
        {"C-1004", "714.45"},
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CHECK_EQ(expected[i].first, invoices[i].customerId, "invoice order");
        CHECK_EQ(expected[i].second, formatCents(invoices[i].total),
                 "total for " + invoices[i].customerId);
    }
}

}  // namespace

int main() {
    const std::vector<std::pair<std::string, std::function<void()>>> tests{
        {"list_price_single_line", testListPriceSingleLine},
        {"quantity_break_boundaries", testQuantityBreakBoundaries},
        {"contract_discounts", testContractDiscounts},
        {"returns_are_netted", testReturnsAreNetted},
        {"free_freight_threshold", testFreeFreightThreshold},
        {"price_cache_is_used", testPriceCacheIsUsed},
        {"period_end_billing_run", testPeriodEndBillingRun},
    };
    int failedTests = 0;
    for (const auto& [name, fn] : tests) {
        const int before = g_failures;
        try {
            fn();
        } catch (const std::exception& e) {
            std::cout << "    exception: " << e.what() << "\n";
            ++g_failures;
        }
        const bool ok = g_failures == before;
        if (!ok) ++failedTests;
        std::cout << (ok ? "[ OK ] " : "[FAIL] ") << name << "\n";
    }
    std::cout << "\n" << (tests.size() - failedTests) << "/" << tests.size() << " tests passed\n";
    return failedTests == 0 ? 0 : 1;
}
