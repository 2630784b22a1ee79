#include "freq.h"
#include "tokenize.h"
#include <stdlib.h>
#include <string.h>

int freq_init(freq_table *f)
{
    f->total = 0;
    return sm_init(&f->words, 16);
}

void freq_free(freq_table *f)
{
    sm_free(&f->words);
}

void freq_add_text(freq_table *f, const char *text)
{
    tokenizer t;
    tok_init(&t, text);
    while (tok_next(&t)) {
        long *c = sm_upsert(&f->words, t.word, 0);
        if (!c)
            return;
        (*c)++;
        f->total++;
    }
}

long freq_count(freq_table *f, const char *word)
{
    long *c = sm_get(&f->words, word);
    return c ? *c : 0;
}

int freq_drop_words(freq_table *f, const char *list)
{
    tokenizer t;
    int dropped = 0;
    tok_init(&t, list);
    while (tok_next(&t)) {
        long *c = sm_get(&f->words, t.word);
        if (!c)
            continue;
        f->total -= *c;
        sm_remove(&f->words, t.word);
        dropped++;
    }
    return dropped;
}

size_t freq_distinct(const freq_table *f)
{
    return sm_len(&f->words);
}

typedef struct {
    freq_entry *all;
    size_t      n;
} collect_ctx;

static void collect(const char *key, long value, void *ud)
{
    collect_ctx *cc = ud;
    cc->all[cc->n].word = key;
    cc->all[cc->n].count = value;
    cc->n++;
}

static int by_count_then_word(const void *a, const void *b)
{
    const freq_entry *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->word, y->word);
}

size_t freq_top(const freq_table *f, freq_entry *out, size_t n)
{
    size_t total = sm_len(&f->words);
    if (total == 0 || n == 0)
        return 0;
    collect_ctx cc = { malloc(total * sizeof *cc.all), 0 };
    if (!cc.all)
        return 0;
    sm_each(&f->words, collect, &cc);
    qsort(cc.all, cc.n, sizeof *cc.all, by_count_then_word);
    if (n > cc.n)
        n = cc.n;
    memcpy(out, cc.all, n * sizeof *out);
    free(cc.all);
    return n;
}
