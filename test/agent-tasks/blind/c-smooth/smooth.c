#include "smooth.h"

void smoother_init(struct smoother *s) {
  for (int i = 0; i < WINDOW; i++) s->ring[i] = 0;
  s->next = 0;
  s->filled = 0;
  s->sum = 0;
}

/* Adds x and returns the mean of the last WINDOW values (fewer at the start). */
double smoother_push(struct smoother *s, double x) {
  if (s->filled == WINDOW) s->sum -= s->ring[s->next];
  else s->filled++;
  s->ring[s->next] = x;
  s->sum += x;
  s->next++;
  if (s->next > WINDOW) s->next = 0;
  return s->sum / s->filled;
}
