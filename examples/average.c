// A small program with a bug, for the demo: the average of the scores is wrong.
#include <stdio.h>

struct Stats {
  int count;
  int sum;
};

static int average(const int *scores, int n) {
  struct Stats st = {0, 0};
  for (int i = 1; i < n; i++) { // the bug: starts at 1
    st.sum += scores[i];
    st.count++;
  }
  return st.count ? st.sum / st.count : 0;
}

int main(void) {
  int scores[] = {90, 70, 80, 60};
  int avg = average(scores, 4);
  printf("average: %d\n", avg);
  return avg == 75 ? 0 : 1;
}
