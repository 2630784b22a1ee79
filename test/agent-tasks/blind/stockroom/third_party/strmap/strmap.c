/* strmap - string-keyed open-addressing hash map
 * SPDX-License-Identifier: MIT
 * Copyright (c) 2019-2023 Tomasz Wielgosz and strmap contributors
 */
#include "strmap.h"

#include <stdlib.h>
#include <string.h>

struct slot {
    char *key;          /* NULL when the slot is empty */
    uint32_t hash;
    void *value;
};

struct strmap {
    struct slot *slots;
    size_t cap;         /* always a power of two */
    size_t len;
};

uint32_t strmap_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

static size_t round_pow2(size_t n)
{
    size_t c = 8;
    while (c < n)
        c <<= 1;
    return c;
}

strmap *strmap_new(size_t expected)
{
    strmap *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->cap = round_pow2(expected + expected / 3 + 1);
    m->len = 0;
    m->slots = calloc(m->cap, sizeof *m->slots);
    if (!m->slots) {
        free(m);
        return NULL;
    }
    return m;
}

void strmap_free(strmap *m, void (*free_value)(void *))
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++) {
        if (m->slots[i].key) {
            free(m->slots[i].key);
            if (free_value)
                free_value(m->slots[i].value);
        }
    }
    free(m->slots);
    free(m);
}

static size_t find_slot(const strmap *m, const char *key, uint32_t h)
{
    size_t mask = m->cap - 1;
    size_t i = h & mask;
    while (m->slots[i].key) {
        if (m->slots[i].hash == h && strcmp(m->slots[i].key, key) == 0)
            return i;
        i = (i + 1) & mask;
    }
    return i;
}

static int grow(strmap *m)
{
    size_t old_cap = m->cap;
    struct slot *old = m->slots;
    struct slot *fresh = calloc(old_cap * 2, sizeof *fresh);
    if (!fresh)
        return -1;
    m->slots = fresh;
    m->cap = old_cap * 2;
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].key) {
            size_t j = find_slot(m, old[i].key, old[i].hash);
            m->slots[j] = old[i];
        }
    }
    free(old);
    return 0;
}

int strmap_put(strmap *m, const char *key, void *value)
{
    if ((m->len + 1) * 4 > m->cap * 3 && grow(m) != 0)
        return -1;
    uint32_t h = strmap_hash(key);
    size_t i = find_slot(m, key, h);
    if (m->slots[i].key) {
        m->slots[i].value = value;
        return 0;
    }
    char *copy = strdup(key);
    if (!copy)
        return -1;
    m->slots[i].key = copy;
    m->slots[i].hash = h;
    m->slots[i].value = value;
    m->len++;
    return 0;
}

void *strmap_get(const strmap *m, const char *key)
{
    size_t i = find_slot(m, key, strmap_hash(key));
    return m->slots[i].key ? m->slots[i].value : NULL;
}

/* Is k inside the cyclic interval [lo, hi] of slot indices? */
static int cyclic_within(size_t lo, size_t hi, size_t k)
{
    if (lo <= hi)
        return lo <= k && k <= hi;
    return k >= lo || k <= hi;
}

void *strmap_remove(strmap *m, const char *key)
{
    size_t mask = m->cap - 1;
    size_t hole = find_slot(m, key, strmap_hash(key));
    if (!m->slots[hole].key)
        return NULL;

    void *value = m->slots[hole].value;
    free(m->slots[hole].key);
    m->slots[hole].key = NULL;
    m->len--;

    /* Backward-shift the rest of the cluster so that no entry is left
     * behind an empty slot it would have to probe across. */
    size_t j = hole;
    for (;;) {
        j = (j + 1) & mask;
        if (!m->slots[j].key)
            break;
        size_t home = m->slots[j].hash & mask;
        if (cyclic_within(hole, j, home))
            continue;
        m->slots[hole] = m->slots[j];
        m->slots[j].key = NULL;
        hole = j;
    }
    return value;
}

size_t strmap_len(const strmap *m)
{
    return m->len;
}

void strmap_iter_init(strmap_iter *it, const strmap *m)
{
    it->map = m;
    it->pos = 0;
}

int strmap_iter_next(strmap_iter *it, const char **key, void **value)
{
    const strmap *m = it->map;
    while (it->pos < m->cap) {
        struct slot *s = &m->slots[it->pos++];
        if (s->key) {
            if (key)
                *key = s->key;
            if (value)
                *value = s->value;
            return 1;
        }
    }
    return 0;
}
