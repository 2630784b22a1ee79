/*
 * smap - a small open-addressing hash map from C strings to int64 values.
 *
 * Copyright (c) 2018-2021 Henrik Vossberg
 * SPDX-License-Identifier: MIT
 */
#include "smap.h"

#include <stdlib.h>
#include <string.h>

#define SM_MIN_CAP   16
#define SM_NONE      ((size_t)-1)

enum { SM_EMPTY = 0, SM_LIVE = 1, SM_TOMB = 2 };

typedef struct sm_slot {
    char     *key;
    int64_t   val;
    uint32_t  hash;
    uint8_t   state;
} sm_slot;

struct sm_map {
    sm_slot *slots;
    size_t   cap;     /* always a power of two */
    size_t   len;     /* live entries */
    size_t   tombs;   /* tombstones */
};

static uint32_t sm__hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s) {
        h ^= (uint8_t)*s++;
        h *= 16777619u;
    }
    return h;
}

static char *sm__strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p) memcpy(p, s, n);
    return p;
}

static size_t sm__round_cap(size_t want)
{
    size_t cap = SM_MIN_CAP;
    while (cap < want) cap <<= 1;
    return cap;
}

sm_map *sm_new(size_t hint)
{
    sm_map *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cap = sm__round_cap(hint + hint / 3);
    m->slots = calloc(m->cap, sizeof *m->slots);
    if (!m->slots) {
        free(m);
        return NULL;
    }
    return m;
}

void sm_free(sm_map *m)
{
    size_t i;
    if (!m) return;
    for (i = 0; i < m->cap; i++)
        if (m->slots[i].state == SM_LIVE) free(m->slots[i].key);
    free(m->slots);
    free(m);
}

/* Find the slot holding `key`, or the slot where it should be inserted. */
static size_t sm__probe(const sm_map *m, const char *key, uint32_t h, int *found)
{
    size_t mask = m->cap - 1;
    size_t i = h & mask;
    size_t tomb = SM_NONE;
    size_t n;

    *found = 0;
    for (n = 0; n < m->cap; n++) {
        const sm_slot *s = &m->slots[i];
        if (s->state == SM_EMPTY)
            return tomb != SM_NONE ? tomb : i;
        if (s->state == SM_TOMB) {
            if (tomb == SM_NONE) tomb = i;
        } else if (s->hash == h && strcmp(s->key, key) == 0) {
            *found = 1;
            return i;
        }
        i = (i + 1) & mask;
    }
    return tomb;
}

static int sm__grow(sm_map *m)
{
    size_t old_cap = m->cap, i;
    sm_slot *old = m->slots;
    size_t new_cap = old_cap * 2;
    sm_slot *ns = calloc(new_cap, sizeof *ns);
    if (!ns) return -1;

    for (i = 0; i < old_cap; i++) {
        size_t j;
        if (old[i].state != SM_LIVE) continue;
        j = old[i].hash & (new_cap - 1);
        while (ns[j].state != SM_EMPTY) j = (j + 1) & (new_cap - 1);
        ns[j] = old[i];
    }
    free(old);
    m->slots = ns;
    m->cap = new_cap;
    m->tombs = 0;
    return 0;
}

int sm_set(sm_map *m, const char *key, int64_t val)
{
    uint32_t h;
    size_t i;
    int found;
    sm_slot *s;

    if ((m->len + m->tombs + 1) * 4 > m->cap * 3)
        if (sm__grow(m) != 0) return -1;

    h = sm__hash(key);
    i = sm__probe(m, key, h, &found);
    s = &m->slots[i];
    if (found) {
        s->val = val;
        return 0;
    }
    s->key = sm__strdup(key);
    if (!s->key) return -1;
    if (s->state == SM_TOMB) m->tombs--;
    s->val = val;
    s->hash = h;
    s->state = SM_LIVE;
    m->len++;
    return 0;
}

int sm_get(const sm_map *m, const char *key, int64_t *out)
{
    uint32_t h = sm__hash(key);
    size_t mask = m->cap - 1;
    size_t i = h & mask;
    size_t n;

    for (n = 0; n < m->cap; n++) {
        const sm_slot *s = &m->slots[i];
        if (s->state == SM_LIVE && s->hash == h && strcmp(s->key, key) == 0) {
            if (out) *out = s->val;
            return 1;
        }
        if (s->state != SM_LIVE)
            return 0;
        i = (i + 1) & mask;
    }
    return 0;
}

int sm_del(sm_map *m, const char *key)
{
    int found;
    size_t i = sm__probe(m, key, sm__hash(key), &found);
    sm_slot *s;

    if (!found) return 0;
    s = &m->slots[i];
    free(s->key);
    s->key = NULL;
    s->state = SM_TOMB;
    m->len--;
    m->tombs++;
    return 1;
}

size_t sm_len(const sm_map *m)
{
    return m->len;
}

int sm_next(const sm_map *m, sm_iter *it, const char **key, int64_t *val)
{
    while (it->pos < m->cap) {
        const sm_slot *s = &m->slots[it->pos++];
        if (s->state != SM_LIVE) continue;
        if (key) *key = s->key;
        if (val) *val = s->val;
        return 1;
    }
    return 0;
}
