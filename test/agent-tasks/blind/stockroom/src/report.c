#include "report.h"

#include <stdlib.h>
#include <string.h>

static int by_category_then_sku(const void *a, const void *b)
{
    const item *x = *(const item *const *)a;
    const item *y = *(const item *const *)b;
    int c = strcmp(x->category, y->category);
    return c ? c : strcmp(x->sku, y->sku);
}

static void money(char *buf, size_t cap, long cents)
{
    const char *sign = cents < 0 ? "-" : "";
    long v = cents < 0 ? -cents : cents;
    long whole = v / 100;
    char digits[32];
    snprintf(digits, sizeof digits, "%ld", whole);
    char grouped[48];
    size_t n = strlen(digits), o = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            grouped[o++] = ',';
        grouped[o++] = digits[i];
    }
    grouped[o] = '\0';
    snprintf(buf, cap, "%s%s.%02ld", sign, grouped, v % 100);
}

void report_print(FILE *out, inventory *inv, const char *as_of)
{
    size_t n = strmap_len(inv->items);
    item **rows = malloc((n ? n : 1) * sizeof *rows);
    strmap_iter iter;
    void *v;
    size_t k = 0;
    strmap_iter_init(&iter, inv->items);
    while (k < n && strmap_iter_next(&iter, NULL, &v))
        rows[k++] = v;
    qsort(rows, k, sizeof *rows, by_category_then_sku);

    char buf[48];
    fprintf(out, "STOCK REPORT as of %s\n", as_of);
    fprintf(out, "%-10s %-30s %6s %10s %13s\n", "SKU", "Description", "Qty", "Unit", "Value");

    long total_value = 0, total_units = 0;
    long cat_value = 0, cat_units = 0;
    for (size_t i = 0; i < k; i++) {
        item *it = rows[i];
        if (i == 0 || strcmp(it->category, rows[i - 1]->category) != 0)
            fprintf(out, "[%s]\n", it->category);
        long value = it->qty * it->unit_cost;
        char unit[24];
        money(unit, sizeof unit, it->unit_cost);
        money(buf, sizeof buf, value);
        fprintf(out, "%-10s %-30.30s %6ld %10s %13s\n", it->sku, it->desc, it->qty, unit, buf);
        cat_value += value;
        cat_units += it->qty;
        if (i + 1 == k || strcmp(it->category, rows[i + 1]->category) != 0) {
            money(buf, sizeof buf, cat_value);
            fprintf(out, "%-10s %-30s %6ld %10s %13s\n", "", "  subtotal", cat_units, "", buf);
            total_value += cat_value;
            total_units += cat_units;
            cat_value = cat_units = 0;
        }
    }

    money(buf, sizeof buf, total_value);
    fprintf(out, "\nTOTAL %zu SKUs, %ld units, value %s\n", k, total_units, buf);
    money(buf, sizeof buf, inv->writeoff_cents);
    fprintf(out, "Written off: %s (%d SKUs retired)\n", buf, inv->retired);

    fprintf(out, "\nREORDER (on hand at or below reorder point):\n");
    int any = 0;
    for (size_t i = 0; i < k; i++) {
        if (rows[i]->qty <= rows[i]->reorder_point) {
            fprintf(out, "  %-10s %-30.30s on hand %4ld, reorder at %ld\n", rows[i]->sku,
                    rows[i]->desc, rows[i]->qty, rows[i]->reorder_point);
            any = 1;
        }
    }
    if (!any)
        fprintf(out, "  (none)\n");
    if (inv->warnings)
        fprintf(out, "\n%d warning(s), see stderr\n", inv->warnings);
    free(rows);
}
