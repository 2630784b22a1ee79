#include "strmap.h"
#include <stdlib.h>
#include <string.h>

uint32_t sm_hash(const char *s)
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

int sm_init(strmap *m, size_t initial_cap)
{
    m->cap = round_pow2(initial_cap);
    m->len = 0;
    m->slots = calloc(m->cap, sizeof *m->slots);
    return m->slots ? 0 : -1;
}

void sm_free(strmap *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->slots[i].key);
    free(m->slots);
    m->slots = NULL;
    m->cap = m->len = 0;
}

static size_t home_of(const strmap *m, uint32_t h)
{
    return (size_t)h & (m->cap - 1);
}

/* Returns the slot holding key, or the empty slot where it would go. */
static size_t probe(const strmap *m, const char *key, uint32_t h)
{
    size_t mask = m->cap - 1;
    size_t i = home_of(m, h);
    while (m->slots[i].key) {
        if (m->slots[i].hash == h && strcmp(m->slots[i].key, key) == 0)
            return i;
        i = (i + 1) & mask;
    }
    return i;
}

static int grow(strmap *m)
{
    sm_slot *old = m->slots;
    size_t old_cap = m->cap;
    sm_slot *fresh = calloc(old_cap * 2, sizeof *fresh);
    if (!fresh)
        return -1;
    m->slots = fresh;
    m->cap = old_cap * 2;
    for (size_t i = 0; i < old_cap; i++) {
        if (!old[i].key)
            continue;
        size_t j = probe(m, old[i].key, old[i].hash);
        m->slots[j] = old[i];
    }
    free(old);
    return 0;
}

long *sm_get(strmap *m, const char *key)
{
    uint32_t h = sm_hash(key);
    size_t i = probe(m, key, h);
    return m->slots[i].key ? &m->slots[i].value : NULL;
}

long *sm_upsert(strmap *m, const char *key, long initial)
{
    uint32_t h = sm_hash(key);
    size_t i = probe(m, key, h);
    if (m->slots[i].key)
        return &m->slots[i].value;

    if ((m->len + 1) * 4 > m->cap * 3) {
        if (grow(m) != 0)
            return NULL;
        i = probe(m, key, h);
    }
    m->slots[i].key = strdup(key);
    if (!m->slots[i].key)
        return NULL;
    m->slots[i].hash = h;
    m->slots[i].value = initial;
    m->len++;
    return &m->slots[i].value;
}

/* Is x inside the cyclic interval (lo, hi] ? */
static int cyc_between(size_t lo, size_t x, size_t hi)
{
    if (lo <= hi)
        return lo < x && x <= hi;
    return lo < x || x < hi;
}

int sm_remove(strmap *m, const char *key)
{
    uint32_t h = sm_hash(key);
    size_t mask = m->cap - 1;
    size_t hole = probe(m, key, h);
    if (!m->slots[hole].key)
        return 0;

    free(m->slots[hole].key);
    m->slots[hole].key = NULL;
    m->len--;

    size_t j = hole;
    for (;;) {
        j = (j + 1) & mask;
        if (!m->slots[j].key)
            break;
        size_t home = home_of(m, m->slots[j].hash);
        if (cyc_between(hole, home, j))
            continue;
        m->slots[hole] = m->slots[j];
        m->slots[j].key = NULL;
        hole = j;
    }
    return 1;
}

size_t sm_len(const strmap *m)
{
    return m->len;
}

void sm_each(const strmap *m, sm_visit_fn fn, void *ud)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key)
            fn(m->slots[i].key, m->slots[i].value, ud);
}
