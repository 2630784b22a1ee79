#ifndef JOURNAL_H
#define JOURNAL_H

#include <stdio.h>
#include <stdint.h>

#define SKU_MAX 16
#define REF_MAX 24

typedef enum {
    OP_RECV,   /* goods received from supplier          */
    OP_SHIP,   /* goods shipped to customer             */
    OP_ADJ,    /* cycle-count adjustment (signed)       */
    OP_DISC    /* item discontinued, remainder written off */
} op_kind;

typedef struct {
    int      lineno;
    char     date[11];
    op_kind  op;
    char     sku[SKU_MAX];
    int64_t  qty;
    char     ref[REF_MAX];
} journal_entry;

/* Reads the next entry. Returns 1 on success, 0 at EOF, -1 on a malformed
 * line (message already printed to stderr; the caller may continue). */
int journal_next(FILE *fp, int *lineno, journal_entry *out);

const char *journal_op_name(op_kind op);

#endif
