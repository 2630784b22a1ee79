/*
 * strmap - a tiny string -> long hash map.
 * Copyright (c) the strmap authors.  zlib-style licence, see README.
 */
#ifndef STRMAP_H
#define STRMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct strmap strmap;

typedef void (*strmap_visit_fn)(const char *key, long value, void *ud);

strmap *strmap_new(void);
void    strmap_free(strmap *m);

/* Add `delta` to the value stored under `key` (inserting 0 first if the
 * key is new).  Returns the new value, or -1 with errno set on OOM. */
long    strmap_add(strmap *m, const char *key, long delta);

/* Returns 1 and stores the value in *out if present, 0 otherwise. */
int     strmap_get(const strmap *m, const char *key, long *out);

size_t  strmap_count(const strmap *m);

/* Visit every entry in unspecified order. */
void    strmap_foreach(const strmap *m, strmap_visit_fn fn, void *ud);

#endif
