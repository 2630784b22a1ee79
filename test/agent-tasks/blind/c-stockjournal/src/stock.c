#include "stock.h"

#include <stdio.h>
#include <string.h>

int stock_init(stock_book *b, size_t expected_items)
{
    memset(b, 0, sizeof *b);
    b->onhand = sm_new(expected_items);
    b->backorder = sm_new(expected_items / 4);
    if (!b->onhand || !b->backorder) {
        stock_free(b);
        return -1;
    }
    return 0;
}

void stock_free(stock_book *b)
{
    sm_free(b->onhand);
    sm_free(b->backorder);
    b->onhand = b->backorder = NULL;
}

static void record(stock_event *list, int *n, const journal_entry *e, int64_t qty)
{
    stock_event *ev;
    if (*n >= STOCK_MAX_EVENTS) return;
    ev = &list[(*n)++];
    ev->lineno = e->lineno;
    memcpy(ev->date, e->date, sizeof ev->date);
    memcpy(ev->sku, e->sku, sizeof ev->sku);
    memcpy(ev->ref, e->ref, sizeof ev->ref);
    ev->qty = qty;
}

static int64_t level(const sm_map *m, const char *sku)
{
    int64_t v = 0;
    sm_get(m, sku, &v);
    return v;
}

/* Incoming goods first settle open backorders, the rest goes on the shelf. */
static int apply_recv(stock_book *b, const journal_entry *e)
{
    int64_t owed = level(b->backorder, e->sku);
    int64_t to_customers = owed < e->qty ? owed : e->qty;
    int64_t to_shelf = e->qty - to_customers;

    b->received += e->qty;
    if (to_customers > 0) {
        b->shipped += to_customers;
        if (owed - to_customers == 0)
            sm_del(b->backorder, e->sku);
        else if (sm_set(b->backorder, e->sku, owed - to_customers) != 0)
            return -1;
    }
    return sm_set(b->onhand, e->sku, level(b->onhand, e->sku) + to_shelf);
}

static int apply_ship(stock_book *b, const journal_entry *e)
{
    int64_t have = level(b->onhand, e->sku);
    int64_t sent = have < e->qty ? have : e->qty;
    int64_t short_by = e->qty - sent;

    b->shipped += sent;
    if (short_by > 0) {
        record(b->shortages, &b->n_shortages, e, short_by);
        if (sm_set(b->backorder, e->sku, level(b->backorder, e->sku) + short_by) != 0)
            return -1;
    }
    return sm_set(b->onhand, e->sku, have - sent);
}

static int apply_adj(stock_book *b, const journal_entry *e)
{
    int64_t have = level(b->onhand, e->sku);
    int64_t delta = e->qty;

    if (have + delta < 0) {
        fprintf(stderr, "line %d: adjustment %lld on %s would go negative, clamped\n",
                e->lineno, (long long)delta, e->sku);
        delta = -have;
    }
    b->adjusted += delta;
    return sm_set(b->onhand, e->sku, have + delta);
}

static int apply_disc(stock_book *b, const journal_entry *e)
{
    int64_t have = level(b->onhand, e->sku);

    if (level(b->backorder, e->sku) > 0)
        fprintf(stderr, "line %d: %s discontinued with open backorders\n",
                e->lineno, e->sku);
    b->written_off += have;
    record(b->writeoffs, &b->n_writeoffs, e, have);
    sm_del(b->onhand, e->sku);
    sm_del(b->backorder, e->sku);
    return 0;
}

int stock_apply(stock_book *b, const journal_entry *e)
{
    switch (e->op) {
    case OP_RECV: return apply_recv(b, e);
    case OP_SHIP: return apply_ship(b, e);
    case OP_ADJ:  return apply_adj(b, e);
    case OP_DISC: return apply_disc(b, e);
    }
    return -1;
}
