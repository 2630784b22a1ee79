#include "journal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *name; op_kind op; } op_table[] = {
    { "RECV", OP_RECV },
    { "SHIP", OP_SHIP },
    { "ADJ",  OP_ADJ  },
    { "DISC", OP_DISC },
};

const char *journal_op_name(op_kind op)
{
    size_t i;
    for (i = 0; i < sizeof op_table / sizeof op_table[0]; i++)
        if (op_table[i].op == op) return op_table[i].name;
    return "?";
}

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s)) s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

static int parse_op(const char *tok, op_kind *op)
{
    size_t i;
    for (i = 0; i < sizeof op_table / sizeof op_table[0]; i++) {
        if (strcmp(tok, op_table[i].name) == 0) {
            *op = op_table[i].op;
            return 0;
        }
    }
    return -1;
}

static int parse_qty(const char *tok, op_kind op, int64_t *qty)
{
    char *end;
    long long v;

    if (op == OP_DISC && strcmp(tok, "-") == 0) {
        *qty = 0;
        return 0;
    }
    v = strtoll(tok, &end, 10);
    if (*end != '\0') return -1;
    if (op != OP_ADJ && v <= 0) return -1;
    *qty = v;
    return 0;
}

int journal_next(FILE *fp, int *lineno, journal_entry *out)
{
    char buf[256];

    while (fgets(buf, sizeof buf, fp)) {
        char *line, *t, *tok[5];
        int n = 0;

        (*lineno)++;
        line = trim(buf);
        if (*line == '\0' || *line == '#') continue;

        for (t = strtok(line, " \t"); t && n < 5; t = strtok(NULL, " \t"))
            tok[n++] = t;
        if (n < 4) {
            fprintf(stderr, "journal:%d: expected at least 4 fields\n", *lineno);
            return -1;
        }

        memset(out, 0, sizeof *out);
        out->lineno = *lineno;
        if (strlen(tok[0]) != 10 || strlen(tok[2]) >= SKU_MAX) {
            fprintf(stderr, "journal:%d: bad date or SKU\n", *lineno);
            return -1;
        }
        memcpy(out->date, tok[0], 10);
        if (parse_op(tok[1], &out->op) != 0) {
            fprintf(stderr, "journal:%d: unknown operation '%s'\n", *lineno, tok[1]);
            return -1;
        }
        strcpy(out->sku, tok[2]);
        if (parse_qty(tok[3], out->op, &out->qty) != 0) {
            fprintf(stderr, "journal:%d: bad quantity '%s'\n", *lineno, tok[3]);
            return -1;
        }
        if (n == 5) {
            strncpy(out->ref, tok[4], REF_MAX - 1);
        }
        return 1;
    }
    return 0;
}
