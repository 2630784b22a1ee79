// invoice.h - turning orders into invoices
#pragma once

#include <string>
#include <vector>

#include "money.h"
#include "pricing.h"

struct OrderLine {
    std::string sku;
    int qty = 0;  // negative = returned goods
};

struct Order {
    std::string id;
    std::string customerId;
    std::vector<OrderLine> lines;
};

struct InvoiceLine {
    std::string sku;
    int qty = 0;
    Cents unitPrice = 0;
    Cents amount = 0;
};

struct Invoice {
    std::string customerId;
    std::vector<std::string> orderIds;
    std::vector<InvoiceLine> lines;
    Cents subtotal = 0;
    Cents freight = 0;
    Cents tax = 0;
    Cents total = 0;
};

// Builds one invoice for a customer from all of that customer's orders.
Invoice buildInvoice(PriceEngine& engine, const Customer& cust, const std::vector<Order>& orders);

// Period-end billing: one invoice per customer that has orders, sorted by customer id.
std::vector<Invoice> billingRun(PriceEngine& engine, const std::vector<Customer>& customers,
                                const std::vector<Order>& orders);

std::string renderInvoice(const Invoice& inv);
