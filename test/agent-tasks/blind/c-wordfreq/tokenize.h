#ifndef TOKENIZE_H
#define TOKENIZE_H
#include <stddef.h>

#define TOK_MAX 48

/* Iterates over lowercase words in text. Apostrophes inside a word are kept
 * ("don't"), everything else that is not a letter or digit separates words. */
typedef struct {
    const char *p;
    char word[TOK_MAX];
} tokenizer;

void tok_init(tokenizer *t, const char *text);
/* Returns 1 and fills t->word, or 0 at end of text. */
int  tok_next(tokenizer *t);

#endif
