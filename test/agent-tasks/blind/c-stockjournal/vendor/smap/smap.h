/*
 * smap - a small open-addressing hash map from C strings to int64 values.
 *
 * Copyright (c) 2018-2021 Henrik Vossberg
 * SPDX-License-Identifier: MIT
 *
 * Keys are copied on insert and owned by the map. Deletion leaves a
 * tombstone; tombstones are dropped the next time the table grows.
 */
#ifndef SMAP_H
#define SMAP_H

#include <stddef.h>
#include <stdint.h>

#define SMAP_VERSION "1.3.2"

typedef struct sm_map sm_map;

typedef struct sm_iter {
    size_t pos;
} sm_iter;

#define SM_ITER_INIT { 0 }

/* Create a map sized for at least `hint` entries (0 = default). */
sm_map *sm_new(size_t hint);
void    sm_free(sm_map *m);

/* Insert or overwrite. Returns 0 on success, -1 on allocation failure. */
int     sm_set(sm_map *m, const char *key, int64_t val);

/* Returns 1 and stores the value in *out (if out != NULL) when found, else 0. */
int     sm_get(const sm_map *m, const char *key, int64_t *out);

/* Returns 1 if the key was present and removed, else 0. */
int     sm_del(sm_map *m, const char *key);

size_t  sm_len(const sm_map *m);

/* Iterate live entries in table order. Returns 1 while entries remain. */
int     sm_next(const sm_map *m, sm_iter *it, const char **key, int64_t *val);

#endif /* SMAP_H */
