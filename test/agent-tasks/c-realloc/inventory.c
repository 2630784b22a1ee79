// Keeps a growing list of stock items and reports the first item's count after a delivery.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
  char name[16];
  int count;
};

struct list {
  struct item *items;
  int len;
  int cap;
};

static void push(struct list *l, const char *name, int count) {
  if (l->len == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 2;
    l->items = realloc(l->items, l->cap * sizeof *l->items);
  }
  strncpy(l->items[l->len].name, name, sizeof l->items[l->len].name - 1);
  l->items[l->len].name[15] = '\0';
  l->items[l->len].count = count;
  l->len++;
}

int main(void) {
  struct list stock = {0};
  push(&stock, "bolts", 40);
  push(&stock, "nuts", 25);
  struct item *first = &stock.items[0];
  const char *delivery[] = {"washers", "screws", "hinges"}; char *note = strdup("delivery 7");
  for (int i = 0; i < 3; i++) push(&stock, delivery[i], 10 + i);
  first->count += 100;
  printf("%s: %d (items: %d)\n", stock.items[0].name, stock.items[0].count, stock.len);
  free(note);
  return 0;
}
