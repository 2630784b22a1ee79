#include <stdio.h>
#include <stdlib.h>
#include "smooth.h"

/* Prints the moving average of the numbers in FILE, one per line. */
int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: smooth FILE\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  struct smoother s;
  smoother_init(&s);
  double x;
  int n = 0;
  while (fscanf(f, "%lf", &x) == 1) {
    double m = smoother_push(&s, x);
    printf("%d %.2f\n", ++n, m);
  }
  fclose(f);
  return 0;
}
