#ifndef INVENTORY_H
#define INVENTORY_H

#include "strmap.h"

#define SKU_MAX  16
#define DESC_MAX 48
#define CAT_MAX  16

typedef struct {
    char sku[SKU_MAX];
    char desc[DESC_MAX];
    char category[CAT_MAX];
    long qty;
    long unit_cost;      /* cents, moving average */
    long reorder_point;
} item;

typedef struct {
    strmap *items;
    long writeoff_cents; /* value of stock written off (retired items, damage) */
    int retired;
    int warnings;
} inventory;

int inventory_init(inventory *inv);
void inventory_free(inventory *inv);
int inventory_load_csv(inventory *inv, const char *path);
item *inventory_find(inventory *inv, const char *sku);
item *inventory_add(inventory *inv, const char *sku, const char *desc,
                    const char *category, long reorder_point);
void inventory_retire(inventory *inv, const char *sku);

#endif
