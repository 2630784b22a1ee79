#include <stdio.h>
#include "stats.h"

int main(void) {
    struct hist h = { .lo = 0, .hi = 100, .nbuckets = 10 };
    unsigned seed = 7;
    for (int i = 0; i < 1000; i++) {
        seed = seed * 1103515245u + 12345u;
        double v = (seed >> 8) % 10000 / 100.0;
        hist_add(&h, v);
    }
    int total = h.outside;
    for (int b = 0; b < h.nbuckets; b++) { printf("bucket %d: %d\n", b, h.counts[b]); total += h.counts[b]; }
    printf("total %d (expected 1000)\n", total);
    return 0;
}
