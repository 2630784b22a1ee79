#include "tokenize.h"
#include <ctype.h>

void tok_init(tokenizer *t, const char *text)
{
    t->p = text;
    t->word[0] = '\0';
}

static int is_word_char(const char *p)
{
    unsigned char c = (unsigned char)*p;
    if (isalnum(c))
        return 1;
    /* an apostrophe counts only between two word characters */
    return c == '\'' && p[1] && isalnum((unsigned char)p[1]);
}

int tok_next(tokenizer *t)
{
    while (*t->p && !isalnum((unsigned char)*t->p))
        t->p++;
    if (!*t->p)
        return 0;

    size_t n = 0;
    while (*t->p && is_word_char(t->p)) {
        if (n + 1 < TOK_MAX)
            t->word[n++] = (char)tolower((unsigned char)*t->p);
        t->p++;
    }
    t->word[n] = '\0';
    return 1;
}
