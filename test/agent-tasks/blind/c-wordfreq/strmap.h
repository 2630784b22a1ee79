#ifndef STRMAP_H
#define STRMAP_H
#include <stddef.h>
#include <stdint.h>

/* Open-addressing string -> long map (linear probing, backward-shift delete). */
typedef struct {
    char    *key;     /* owned copy, NULL if slot empty */
    uint32_t hash;
    long     value;
} sm_slot;

typedef struct {
    sm_slot *slots;
    size_t   cap;     /* always a power of two */
    size_t   len;
} strmap;

int    sm_init(strmap *m, size_t initial_cap);
void   sm_free(strmap *m);
long  *sm_get(strmap *m, const char *key);
long  *sm_upsert(strmap *m, const char *key, long initial);
int    sm_remove(strmap *m, const char *key);
size_t sm_len(const strmap *m);

typedef void (*sm_visit_fn)(const char *key, long value, void *ud);
void   sm_each(const strmap *m, sm_visit_fn fn, void *ud);

uint32_t sm_hash(const char *s);

#endif
