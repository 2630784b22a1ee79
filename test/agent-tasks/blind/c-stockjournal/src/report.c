#include "report.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *sku;
    int64_t     qty;
} row;

static int row_cmp(const void *a, const void *b)
{
    return strcmp(((const row *)a)->sku, ((const row *)b)->sku);
}

static size_t collect(const sm_map *m, row **out)
{
    sm_iter it = SM_ITER_INIT;
    size_t n = 0, cap = sm_len(m) ? sm_len(m) : 1;
    row *rows = malloc(cap * sizeof *rows);
    const char *k;
    int64_t v;

    while (rows && sm_next(m, &it, &k, &v)) {
        if (n == cap) break;
        rows[n].sku = k;
        rows[n].qty = v;
        n++;
    }
    qsort(rows, n, sizeof *rows, row_cmp);
    *out = rows;
    return n;
}

static size_t category_len(const char *sku)
{
    const char *dash = strchr(sku, '-');
    return dash ? (size_t)(dash - sku) : strlen(sku);
}

static int64_t print_onhand(FILE *out, const sm_map *m)
{
    row *rows;
    size_t n = collect(m, &rows), i;
    int64_t total = 0, sub = 0;

    fprintf(out, "On hand\n");
    for (i = 0; i < n; i++) {
        size_t cl = category_len(rows[i].sku);
        fprintf(out, "  %-10s %8lld\n", rows[i].sku, (long long)rows[i].qty);
        sub += rows[i].qty;
        total += rows[i].qty;
        if (i + 1 == n || category_len(rows[i + 1].sku) != cl ||
            strncmp(rows[i].sku, rows[i + 1].sku, cl) != 0) {
            char label[SKU_MAX + 8];
            snprintf(label, sizeof label, "%.*s total", (int)cl, rows[i].sku);
            fprintf(out, "  %-10s %8lld\n", label, (long long)sub);
            sub = 0;
        }
    }
    fprintf(out, "  %-10s %8lld\n\n", "TOTAL", (long long)total);
    free(rows);
    return total;
}

static void print_events(FILE *out, const char *title, const stock_event *ev, int n)
{
    int i;
    fprintf(out, "%s (%d)\n", title, n);
    for (i = 0; i < n; i++)
        fprintf(out, "  %s  %-10s %6lld  %-10s (line %d)\n", ev[i].date, ev[i].sku,
                (long long)ev[i].qty, ev[i].ref[0] ? ev[i].ref : "-", ev[i].lineno);
    fprintf(out, "\n");
}

static void print_backorders(FILE *out, const sm_map *m)
{
    row *rows;
    size_t n = collect(m, &rows), i;

    fprintf(out, "Open backorders\n");
    if (n == 0) fprintf(out, "  none\n");
    for (i = 0; i < n; i++)
        fprintf(out, "  %-10s %8lld\n", rows[i].sku, (long long)rows[i].qty);
    fprintf(out, "\n");
    free(rows);
}

void report_print(FILE *out, const stock_book *b, const char *title)
{
    int64_t counted, expected;

    fprintf(out, "== %s ==\n\n", title);
    counted = print_onhand(out, b->onhand);
    print_events(out, "Shortages", b->shortages, b->n_shortages);
    print_events(out, "Write-offs", b->writeoffs, b->n_writeoffs);
    print_backorders(out, b->backorder);

    expected = b->received - b->shipped + b->adjusted - b->written_off;
    fprintf(out, "Movements: received %lld, shipped %lld, adjusted %+lld, written off %lld\n",
            (long long)b->received, (long long)b->shipped, (long long)b->adjusted,
            (long long)b->written_off);
    fprintf(out, "Reconciliation: book %lld, shelf %lld -> %s\n",
            (long long)expected, (long long)counted,
            expected == counted ? "OK" : "MISMATCH");
}
