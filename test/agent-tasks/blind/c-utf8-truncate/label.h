#ifndef LABEL_H
#define LABEL_H
#include <stddef.h>
/* Fit text into at most `width` characters (code points). If it does not
 * fit, cut it and append "..." so the result is exactly `width` chars.
 * Writes into out (size outsz). Returns number of characters written. */
size_t label_fit(const char *text, size_t width, char *out, size_t outsz);
/* Pad or fit text to exactly `width` characters, left-aligned. */
size_t label_cell(const char *text, size_t width, char *out, size_t outsz);
#endif
