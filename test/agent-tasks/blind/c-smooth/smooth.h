#ifndef SMOOTH_H
#define SMOOTH_H
#define WINDOW 4

struct smoother {
  double ring[WINDOW];
  int next;
  int filled;
  double sum;
};

void smoother_init(struct smoother *s);
double smoother_push(struct smoother *s, double x);
#endif
