#ifndef STOCK_H
#define STOCK_H

#include "journal.h"
#include "../vendor/smap/smap.h"

#define STOCK_MAX_EVENTS 128

typedef struct {
    int      lineno;
    char     date[11];
    char     sku[SKU_MAX];
    char     ref[REF_MAX];
    int64_t  qty;
} stock_event;

typedef struct {
    sm_map      *onhand;      /* sku -> units on the shelf        */
    sm_map      *backorder;   /* sku -> units owed to customers   */

    int64_t      received;
    int64_t      shipped;
    int64_t      adjusted;
    int64_t      written_off;

    stock_event  shortages[STOCK_MAX_EVENTS];
    int          n_shortages;
    stock_event  writeoffs[STOCK_MAX_EVENTS];
    int          n_writeoffs;
} stock_book;

int  stock_init(stock_book *b, size_t expected_items);
void stock_free(stock_book *b);
int  stock_apply(stock_book *b, const journal_entry *e);

#endif
