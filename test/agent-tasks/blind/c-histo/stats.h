#define MAXB 32
struct hist { double lo, hi; int nbuckets; int counts[MAXB]; int outside; };
void hist_add(struct hist *h, double v);
