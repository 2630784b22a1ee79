/* strmap - string-keyed open-addressing hash map
 * SPDX-License-Identifier: MIT
 * Copyright (c) 2019-2023 Tomasz Wielgosz and strmap contributors
 */
#ifndef STRMAP_H
#define STRMAP_H

#include <stddef.h>
#include <stdint.h>

#define STRMAP_VERSION "1.3.2"

typedef struct strmap strmap;

typedef struct {
    const strmap *map;
    size_t pos;
} strmap_iter;

strmap *strmap_new(size_t expected);
void strmap_free(strmap *m, void (*free_value)(void *));

/* Insert or replace. The key is copied. Returns 0 on success, -1 on OOM. */
int strmap_put(strmap *m, const char *key, void *value);

/* NULL if absent. */
void *strmap_get(const strmap *m, const char *key);

/* Removes the key and returns its value, or NULL if absent. */
void *strmap_remove(strmap *m, const char *key);

size_t strmap_len(const strmap *m);

void strmap_iter_init(strmap_iter *it, const strmap *m);
/* Returns 1 and fills key/value while entries remain, then 0. */
int strmap_iter_next(strmap_iter *it, const char **key, void **value);

uint32_t strmap_hash(const char *s);

#endif
