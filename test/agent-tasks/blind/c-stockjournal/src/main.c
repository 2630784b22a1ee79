#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "journal.h"
#include "stock.h"
#include "report.h"

static void usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [-n expected_items] JOURNAL\n", argv0);
}

int main(int argc, char **argv)
{
    size_t expected_items = 40;
    const char *path = NULL;
    stock_book book;
    journal_entry e;
    FILE *fp;
    int lineno = 0, rc, bad = 0, i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) {
            expected_items = (size_t)strtoul(argv[++i], NULL, 10);
        } else if (argv[i][0] == '-') {
            usage(argv[0]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        usage(argv[0]);
        return 2;
    }

    fp = fopen(path, "r");
    if (!fp) {
        perror(path);
        return 1;
    }
    if (stock_init(&book, expected_items) != 0) {
        fprintf(stderr, "out of memory\n");
        fclose(fp);
        return 1;
    }

    while ((rc = journal_next(fp, &lineno, &e)) != 0) {
        if (rc < 0) {
            bad++;
            continue;
        }
        if (stock_apply(&book, &e) != 0) {
            fprintf(stderr, "line %d: failed to apply %s %s\n",
                    e.lineno, journal_op_name(e.op), e.sku);
            bad++;
        }
    }
    fclose(fp);

    report_print(stdout, &book, path);
    if (bad) fprintf(stderr, "%d journal line(s) skipped\n", bad);
    stock_free(&book);
    return bad ? 1 : 0;
}
