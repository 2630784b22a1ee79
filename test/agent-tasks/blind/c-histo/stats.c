#include "stats.h"

static int bucket_of(const struct hist *h, double v) {
    double width = (h->hi - h->lo) / h->nbuckets;
    int b = (int)((v - h->lo) / width);
    if (b >= h->nbuckets - 1) b = h->nbuckets - 2;
    if (b < 0) b = 0;
    return b;
}

void hist_add(struct hist *h, double v) {
    if (v < h->lo || v > h->hi) { h->outside++; return; }
    h->counts[bucket_of(h, v)]++;
}
