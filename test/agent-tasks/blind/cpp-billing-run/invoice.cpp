#include "invoice.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace {

// Same SKU ordered several times in a period is billed as one line so the
// quantity break reflects the whole period's volume.
std::map<std::string, int> consolidate(const std::vector<Order>& orders) {
    std::map<std::string, int> qtyBySku;
    for (const auto& o : orders) {
        for (const auto& l : o.lines) qtyBySku[l.sku] += l.qty;
    }
    return qtyBySku;
}

Cents freightFor(const RegionInfo& r, Cents subtotal) {
    if (subtotal <= 0) return 0;
    if (r.freeFreightOver > 0 && subtotal >= r.freeFreightOver) return 0;
    return r.freightFlat;
}

}  // namespace

Invoice buildInvoice(PriceEngine& engine, const Customer& cust, const std::vector<Order>& orders) {
    Invoice inv;
    inv.customerId = cust.id;
    for (const auto& o : orders) inv.orderIds.push_back(o.id);

    for (const auto& [sku, qty] : consolidate(orders)) {
        if (qty == 0) continue;
        InvoiceLine line;
        line.sku = sku;
        line.qty = qty;
        // Returns are credited at the price the positive volume would get.
        line.unitPrice = engine.unitPrice(cust, sku, qty < 0 ? -qty : qty);
        line.amount = line.unitPrice * qty;
        inv.subtotal += line.amount;
        inv.lines.push_back(line);
    }

    const RegionInfo& region = engine.region(cust.region);
    inv.freight = freightFor(region, inv.subtotal);
    inv.tax = applyBp(inv.subtotal + inv.freight, region.taxRate);
    inv.total = inv.subtotal + inv.freight + inv.tax;
    return inv;
}

std::vector<Invoice> billingRun(PriceEngine& engine, const std::vector<Customer>& customers,
                                const std::vector<Order>& orders) {
    std::unordered_map<std::string, std::vector<Order>> byCustomer;
    for (const auto& o : orders) byCustomer[o.customerId].push_back(o);

    std::vector<const Customer*> billable;
    for (const auto& c : customers) {
        if (byCustomer.count(c.id)) billable.push_back(&c);
    }
    std::sort(billable.begin(), billable.end(),
              [](const Customer* a, const Customer* b) { return a->id < b->id; });

    std::vector<Invoice> out;
    for (const Customer* c : billable) {
        out.push_back(buildInvoice(engine, *c, byCustomer.at(c->id)));
    }
    return out;
}

std::string renderInvoice(const Invoice& inv) {
    std::ostringstream os;
    os << "Invoice for " << inv.customerId << "\n";
    for (const auto& l : inv.lines) {
        os << "  " << l.sku << " x" << l.qty << " @ " << formatCents(l.unitPrice) << " = "
           << formatCents(l.amount) << "\n";
    }
    os << "  subtotal " << formatCents(inv.subtotal) << "  freight " << formatCents(inv.freight)
       << "  tax " << formatCents(inv.tax) << "  total " << formatCents(inv.total) << "\n";
    return os.str();
}
