/* utf8.c - minimal UTF-8 helpers used by the label formatter */
#include <stddef.h>
#include "utf8.h"

/* Number of bytes in the sequence introduced by lead byte c.
 * Invalid lead bytes (stray continuation bytes) count as 1 so that the
 * caller always makes progress. */
int utf8_seq_len(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if (c >= 0xE0)
        return 3;
    if (c >= 0xC0)
        return 2;
    if (c >= 0xF0)
        return 4;
    return 1;
}

/* Advance over one code point starting at s[i]; returns new index.
 * Never runs past the terminating NUL. */
size_t utf8_next(const char *s, size_t i)
{
    int n = utf8_seq_len((unsigned char)s[i]);
    size_t j = i + 1;
    while (j < i + (size_t)n && s[j] != '\0')
        j++;
    return j;
}

/* Count code points in s. */
size_t utf8_count(const char *s)
{
    size_t n = 0;
    for (size_t i = 0; s[i] != '\0'; i = utf8_next(s, i))
        n++;
    return n;
}

/* Byte offset of the code point with index cp (or strlen(s) if past end). */
size_t utf8_offset(const char *s, size_t cp)
{
    size_t i = 0;
    while (cp > 0 && s[i] != '\0') {
        i = utf8_next(s, i);
        cp--;
    }
    return i;
}
