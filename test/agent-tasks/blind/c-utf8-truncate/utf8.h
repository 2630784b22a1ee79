#ifndef UTF8_H
#define UTF8_H
#include <stddef.h>
int utf8_seq_len(unsigned char c);
size_t utf8_next(const char *s, size_t i);
size_t utf8_count(const char *s);
size_t utf8_offset(const char *s, size_t cp);
#endif
