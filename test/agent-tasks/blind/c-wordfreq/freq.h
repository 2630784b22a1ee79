#ifndef FREQ_H
#define FREQ_H
#include "strmap.h"

typedef struct {
    strmap words;
    long   total;      /* number of tokens counted (after drops) */
} freq_table;

typedef struct {
    const char *word;  /* borrowed from the table */
    long        count;
} freq_entry;

int    freq_init(freq_table *f);
void   freq_free(freq_table *f);
void   freq_add_text(freq_table *f, const char *text);
long   freq_count(freq_table *f, const char *word);
/* Removes every word of the whitespace separated list; returns how many were present. */
int    freq_drop_words(freq_table *f, const char *list);
/* Fills out[] with up to n most frequent words, count desc then word asc. */
size_t freq_top(const freq_table *f, freq_entry *out, size_t n);
size_t freq_distinct(const freq_table *f);

#endif
