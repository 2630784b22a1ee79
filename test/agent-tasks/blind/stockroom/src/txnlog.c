#include "txnlog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *word;
    tx_kind kind;
} kinds[] = {
    {"RECV", TX_RECV}, {"SHIP", TX_SHIP}, {"ADJ", TX_ADJ},
    {"COUNT", TX_COUNT}, {"RETIRE", TX_RETIRE}, {"NEW", TX_NEW},
};

/* Parses money like "4.12" or "412c" into cents. */
static long parse_cents(const char *s)
{
    if (s[0] == '@')
        s++;
    const char *dot = strchr(s, '.');
    if (!dot)
        return atol(s) * 100;
    long whole = atol(s);
    long frac = 0;
    int digits = 0;
    for (const char *p = dot + 1; *p >= '0' && *p <= '9' && digits < 2; p++, digits++)
        frac = frac * 10 + (*p - '0');
    if (digits == 1)
        frac *= 10;
    return whole * 100 + frac;
}

/*
 * Line formats:
 *   2024-03-04 RECV  SKU QTY @COST
 *   2024-03-04 SHIP  SKU QTY
 *   2024-03-04 ADJ   SKU +/-QTY reason...
 *   2024-03-04 COUNT SKU QTY
 *   2024-03-04 RETIRE SKU
 *   2024-03-04 NEW   SKU CATEGORY REORDER description...
 */
int txn_parse(const char *line, txn *out)
{
    char word[16], rest[128] = "";
    char a[32] = "", b[32] = "";
    memset(out, 0, sizeof *out);

    int n = sscanf(line, "%10s %15s %15s %127[^\n]", out->date, word, out->sku, rest);
    if (n < 3)
        return -1;

    int found = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(word, kinds[i].word) == 0) {
            out->kind = kinds[i].kind;
            found = 1;
        }
    }
    if (!found)
        return -1;

    switch (out->kind) {
    case TX_RECV:
        if (sscanf(rest, "%31s %31s", a, b) != 2)
            return -1;
        out->qty = atol(a);
        out->cost = parse_cents(b);
        break;
    case TX_SHIP:
    case TX_COUNT:
        if (sscanf(rest, "%31s", a) != 1)
            return -1;
        out->qty = atol(a);
        break;
    case TX_ADJ: {
        int used = 0;
        if (sscanf(rest, "%31s %n", a, &used) != 1)
            return -1;
        out->qty = atol(a);
        snprintf(out->note, sizeof out->note, "%s", rest + used);
        break;
    }
    case TX_RETIRE:
        break;
    case TX_NEW: {
        int used = 0;
        if (sscanf(rest, "%31s %31s %n", a, b, &used) != 2)
            return -1;
        snprintf(out->note, sizeof out->note, "%s|%s", a, rest + used);
        out->qty = atol(b);
        break;
    }
    }
    return 0;
}

static item *require(inventory *inv, const txn *t, int lineno)
{
    item *it = inventory_find(inv, t->sku);
    if (!it) {
        fprintf(stderr, "line %d: unknown SKU %s, skipped\n", lineno, t->sku);
        inv->warnings++;
    }
    return it;
}

int txn_apply(inventory *inv, const txn *t, int lineno)
{
    item *it;
    switch (t->kind) {
    case TX_NEW: {
        char cat[CAT_MAX];
        const char *bar = strchr(t->note, '|');
        size_t clen = (size_t)(bar - t->note);
        if (clen >= sizeof cat)
            clen = sizeof cat - 1;
        memcpy(cat, t->note, clen);
        cat[clen] = '\0';
        if (inventory_find(inv, t->sku)) {
            fprintf(stderr, "line %d: NEW for existing SKU %s ignored\n", lineno, t->sku);
            inv->warnings++;
            return 0;
        }
        return inventory_add(inv, t->sku, bar + 1, cat, t->qty) ? 0 : -1;
    }
    case TX_RECV:
        if (!(it = require(inv, t, lineno)))
            return 0;
        /* moving average cost */
        if (it->qty + t->qty > 0)
            it->unit_cost = (it->qty * it->unit_cost + t->qty * t->cost
                             + (it->qty + t->qty) / 2) / (it->qty + t->qty);
        it->qty += t->qty;
        return 0;
    case TX_SHIP:
        if (!(it = require(inv, t, lineno)))
            return 0;
        if (t->qty > it->qty) {
            fprintf(stderr, "line %d: SHIP %ld of %s exceeds on-hand %ld\n",
                    lineno, t->qty, t->sku, it->qty);
            inv->warnings++;
        }
        it->qty -= t->qty;
        return 0;
    case TX_ADJ:
        if (!(it = require(inv, t, lineno)))
            return 0;
        if (t->qty < 0)
            inv->writeoff_cents += -t->qty * it->unit_cost;
        it->qty += t->qty;
        return 0;
    case TX_COUNT:
        if (!(it = require(inv, t, lineno)))
            return 0;
        if (t->qty < it->qty)
            inv->writeoff_cents += (it->qty - t->qty) * it->unit_cost;
        it->qty = t->qty;
        return 0;
    case TX_RETIRE:
        inventory_retire(inv, t->sku);
        return 0;
    }
    return 0;
}

int txnlog_replay(inventory *inv, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[256];
    int lineno = 0, applied = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        txn t;
        if (txn_parse(line, &t) != 0) {
            fprintf(stderr, "%s:%d: cannot parse: %s", path, lineno, line);
            inv->warnings++;
            continue;
        }
        if (txn_apply(inv, &t, lineno) != 0) {
            fclose(f);
            return -1;
        }
        applied++;
    }
    fclose(f);
    return applied;
}
