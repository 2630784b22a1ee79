#include "inventory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int inventory_init(inventory *inv)
{
    memset(inv, 0, sizeof *inv);
    inv->items = strmap_new(64);
    return inv->items ? 0 : -1;
}

void inventory_free(inventory *inv)
{
    strmap_free(inv->items, free);
    inv->items = NULL;
}

static void copy_field(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src);
}

item *inventory_find(inventory *inv, const char *sku)
{
    return strmap_get(inv->items, sku);
}

item *inventory_add(inventory *inv, const char *sku, const char *desc,
                    const char *category, long reorder_point)
{
    item *it = calloc(1, sizeof *it);
    if (!it)
        return NULL;
    copy_field(it->sku, sizeof it->sku, sku);
    copy_field(it->desc, sizeof it->desc, desc);
    copy_field(it->category, sizeof it->category, category);
    it->reorder_point = reorder_point;
    if (strmap_put(inv->items, it->sku, it) != 0) {
        free(it);
        return NULL;
    }
    return it;
}

void inventory_retire(inventory *inv, const char *sku)
{
    item *it = strmap_remove(inv->items, sku);
    if (!it) {
        fprintf(stderr, "warning: RETIRE of unknown SKU %s\n", sku);
        inv->warnings++;
        return;
    }
    inv->writeoff_cents += it->qty * it->unit_cost;
    inv->retired++;
    free(it);
}

/* Splits a CSV line in place. No quoting: the export never quotes. */
static int split_csv(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;
    while (n < max) {
        fields[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    return n;
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

int inventory_load_csv(inventory *inv, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[256];
    int lineno = 0, loaded = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        chomp(line);
        if (lineno == 1 || line[0] == '\0' || line[0] == '#')
            continue;
        char *fld[6];
        if (split_csv(line, fld, 6) != 6) {
            fprintf(stderr, "%s:%d: expected 6 fields\n", path, lineno);
            inv->warnings++;
            continue;
        }
        item *it = inventory_add(inv, fld[0], fld[1], fld[2], atol(fld[5]));
        if (!it) {
            fclose(f);
            return -1;
        }
        it->qty = atol(fld[3]);
        it->unit_cost = atol(fld[4]);
        loaded++;
    }
    fclose(f);
    return loaded;
}
