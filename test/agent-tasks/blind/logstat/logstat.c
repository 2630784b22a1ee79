/*
 * logstat - summarise a combined-format web access log.
 *
 *   usage: logstat [-n TOP] access.log
 *
 * Prints request totals, number of distinct paths and the most requested
 * paths (query strings are ignored, so /search?q=a and /search?q=b count
 * as the same path).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendor/strmap/strmap.h"

struct entry {
    const char *path;
    long hits;
};

struct collect {
    struct entry *items;
    size_t n;
};

/* Extract the request path from a log line into buf.  Returns 0 on success. */
static int request_path(const char *line, char *buf, size_t bufsz)
{
    const char *q = strchr(line, '"');
    if (!q)
        return -1;
    const char *sp = strchr(q + 1, ' ');          /* after the method */
    if (!sp)
        return -1;
    const char *start = sp + 1;
    size_t len = strcspn(start, " ?\"");
    if (len == 0 || len >= bufsz)
        return -1;
    memcpy(buf, start, len);
    buf[len] = '\0';
    /* normalise a trailing slash, except for the root itself */
    if (len > 1 && buf[len - 1] == '/')
        buf[len - 1] = '\0';
    return 0;
}

static int status_code(const char *line)
{
    const char *q = strchr(line, '"');
    if (!q)
        return 0;
    q = strchr(q + 1, '"');
    if (!q)
        return 0;
    return atoi(q + 1);
}

static void collect_one(const char *key, long value, void *ud)
{
    struct collect *c = ud;
    c->items[c->n].path = key;
    c->items[c->n].hits = value;
    c->n++;
}

static int by_hits_desc(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->hits != y->hits)
        return x->hits < y->hits ? 1 : -1;
    return strcmp(x->path, y->path);
}

int main(int argc, char **argv)
{
    int top = 10;
    const char *file = NULL;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            top = atoi(argv[++i]);
        else
            file = argv[i];
    }
    if (!file) {
        fprintf(stderr, "usage: %s [-n TOP] access.log\n", argv[0]);
        return 2;
    }

    FILE *fp = fopen(file, "r");
    if (!fp) {
        perror(file);
        return 1;
    }

    strmap *paths = strmap_new();
    long total = 0, errors = 0, skipped = 0;
    char line[2048], path[512];

    while (fgets(line, sizeof line, fp)) {
        if (request_path(line, path, sizeof path) != 0) {
            skipped++;
            continue;
        }
        total++;
        if (status_code(line) >= 400)
            errors++;
        if (strmap_add(paths, path, 1) < 0) {
            perror("strmap_add");
            return 1;
        }
    }
    fclose(fp);

    struct collect c = { calloc(strmap_count(paths) + 1, sizeof(struct entry)), 0 };
    strmap_foreach(paths, collect_one, &c);
    qsort(c.items, c.n, sizeof c.items[0], by_hits_desc);

    printf("requests:       %ld\n", total);
    printf("client/server errors: %ld\n", errors);
    printf("unparsed lines: %ld\n", skipped);
    printf("distinct paths: %zu\n", c.n);
    printf("\ntop %d paths:\n", top);
    for (size_t i = 0; i < c.n && (int)i < top; i++)
        printf("  %6ld  %s\n", c.items[i].hits, c.items[i].path);

    free(c.items);
    strmap_free(paths);
    return 0;
}
