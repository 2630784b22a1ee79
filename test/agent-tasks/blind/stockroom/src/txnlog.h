#ifndef TXNLOG_H
#define TXNLOG_H

#include "inventory.h"

typedef enum { TX_RECV, TX_SHIP, TX_ADJ, TX_COUNT, TX_RETIRE, TX_NEW } tx_kind;

typedef struct {
    char date[11];
    tx_kind kind;
    char sku[SKU_MAX];
    long qty;
    long cost;            /* RECV: unit cost in cents */
    char note[64];        /* ADJ reason, NEW description */
} txn;

int txn_parse(const char *line, txn *out);
int txn_apply(inventory *inv, const txn *t, int lineno);
int txnlog_replay(inventory *inv, const char *path);

#endif
