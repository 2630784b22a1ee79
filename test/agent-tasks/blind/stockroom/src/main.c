/* stockroom: replay a day's stock movements over the opening stock file
 * and print the closing stock report. */
#include <stdio.h>
#include <string.h>

#include "inventory.h"
#include "report.h"
#include "txnlog.h"

static void usage(void)
{
    fprintf(stderr, "usage: stockroom OPENING.csv [MOVES.log ...] [--as-of DATE]\n");
}

int main(int argc, char **argv)
{
    const char *as_of = "(unspecified)";
    const char *opening = NULL;
    const char *logs[16];
    int nlogs = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--as-of") == 0 && i + 1 < argc) {
            as_of = argv[++i];
        } else if (!opening) {
            opening = argv[i];
        } else if (nlogs < 16) {
            logs[nlogs++] = argv[i];
        } else {
            usage();
            return 2;
        }
    }
    if (!opening) {
        usage();
        return 2;
    }

    inventory inv;
    if (inventory_init(&inv) != 0) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    int loaded = inventory_load_csv(&inv, opening);
    if (loaded < 0)
        return 1;
    fprintf(stderr, "loaded %d SKUs from %s\n", loaded, opening);

    for (int i = 0; i < nlogs; i++) {
        int applied = txnlog_replay(&inv, logs[i]);
        if (applied < 0)
            return 1;
        fprintf(stderr, "applied %d movements from %s\n", applied, logs[i]);
    }

    report_print(stdout, &inv, as_of);
    inventory_free(&inv);
    return 0;
}
