/* label.c - fit user-supplied names into fixed-width columns */
#include <string.h>
#include "label.h"
#include "utf8.h"

static const char ELLIPSIS[] = "...";

static size_t copy_prefix(const char *text, size_t ncp, char *out, size_t outsz)
{
    size_t bytes = utf8_offset(text, ncp);
    if (bytes >= outsz)
        bytes = outsz - 1;
    memcpy(out, text, bytes);
    out[bytes] = '\0';
    return bytes;
}

size_t label_fit(const char *text, size_t width, char *out, size_t outsz)
{
    size_t len = utf8_count(text);
    if (len <= width) {
        copy_prefix(text, len, out, outsz);
        return len;
    }
    if (width <= 3) {
        copy_prefix(ELLIPSIS, width, out, outsz);
        return width;
    }
    size_t keep = width - 3;
    size_t used = copy_prefix(text, keep, out, outsz);
    if (used + sizeof ELLIPSIS <= outsz)
        memcpy(out + used, ELLIPSIS, sizeof ELLIPSIS);
    return width;
}

size_t label_cell(const char *text, size_t width, char *out, size_t outsz)
{
    size_t n = label_fit(text, width, out, outsz);
    size_t used = strlen(out);
    while (n < width && used + 1 < outsz) {
        out[used++] = ' ';
        n++;
    }
    out[used] = '\0';
    return n;
}
