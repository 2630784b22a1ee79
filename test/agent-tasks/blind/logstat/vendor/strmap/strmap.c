/*
 * strmap - a tiny string -> long hash map.
 * Copyright (c) the strmap authors.  zlib-style licence, see README.
 *
 * Open addressing, linear probing, capacity always a power of two so the
 * probe index can be computed with a mask instead of a modulo.
 */
#include "strmap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define SM_MIN_CAP 16

struct sm_slot {
    char    *key;    /* NULL means empty */
    uint32_t hash;
    long     value;
};

struct strmap {
    struct sm_slot *slots;
    size_t cap;      /* power of two */
    size_t mask;     /* cap - 1 */
    size_t count;
};

static uint32_t sm_hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

/* Index of the slot holding `key`, or of the empty slot where it would go. */
static size_t sm_find_slot(const strmap *m, const char *key, uint32_t hash)
{
    size_t i = hash & m->mask;
    while (m->slots[i].key) {
        if (m->slots[i].hash == hash && strcmp(m->slots[i].key, key) == 0)
            return i;
        i = (i + 1) & m->mask;
    }
    return i;
}

static int sm_grow(strmap *m)
{
    size_t oldcap = m->cap;
    size_t newcap = oldcap * 2;
    struct sm_slot *old = m->slots;
    struct sm_slot *ns = calloc(newcap, sizeof *ns);
    if (!ns)
        return -1;

    m->slots = ns;
    m->cap = newcap;
    for (size_t k = 0; k < oldcap; k++) {
        if (!old[k].key)
            continue;
        size_t i = sm_find_slot(m, old[k].key, old[k].hash);
        m->slots[i] = old[k];
    }
    m->mask = newcap - 1;
    free(old);
    return 0;
}

strmap *strmap_new(void)
{
    strmap *m = malloc(sizeof *m);
    if (!m)
        return NULL;
    m->slots = calloc(SM_MIN_CAP, sizeof *m->slots);
    if (!m->slots) {
        free(m);
        return NULL;
    }
    m->cap = SM_MIN_CAP;
    m->mask = SM_MIN_CAP - 1;
    m->count = 0;
    return m;
}

void strmap_free(strmap *m)
{
    if (!m)
        return;
    for (size_t k = 0; k < m->cap; k++)
        free(m->slots[k].key);
    free(m->slots);
    free(m);
}

long strmap_add(strmap *m, const char *key, long delta)
{
    uint32_t h = sm_hash(key);
    size_t i = sm_find_slot(m, key, h);

    if (m->slots[i].key) {
        m->slots[i].value += delta;
        return m->slots[i].value;
    }

    /* New key: make room first if we'd go over 75% load. */
    if ((m->count + 1) * 4 > m->cap * 3) {
        if (sm_grow(m) != 0) {
            errno = ENOMEM;
            return -1;
        }
        i = sm_find_slot(m, key, h);
    }

    char *copy = strdup(key);
    if (!copy) {
        errno = ENOMEM;
        return -1;
    }
    m->slots[i].key = copy;
    m->slots[i].hash = h;
    m->slots[i].value = delta;
    m->count++;
    return delta;
}

int strmap_get(const strmap *m, const char *key, long *out)
{
    size_t i = sm_find_slot(m, key, sm_hash(key));
    if (!m->slots[i].key)
        return 0;
    if (out)
        *out = m->slots[i].value;
    return 1;
}

size_t strmap_count(const strmap *m)
{
    return m->count;
}

void strmap_foreach(const strmap *m, strmap_visit_fn fn, void *ud)
{
    for (size_t k = 0; k < m->cap; k++)
        if (m->slots[k].key)
            fn(m->slots[k].key, m->slots[k].value, ud);
}
