/* app N: three lists of N ints, each built and freed by a function of its own. */
#include "list.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static long squares(int n) {
  struct node *l = NULL;
  for (int i = 0; i < n; i++)
    l = list_push(l, (i % 100) * (i % 100));
  long s = list_sum(l) + list_max(l);
  list_free(l);
  return s;
}

static long odds(int n) {
  struct node *l = NULL;
  for (int i = 0; i < n; i++)
    l = list_push(l, 2 * (i % 1000) + 1);
  long s = list_sum(l) + list_max(l);
  list_free(l);
  return s;
}

/* The list goes through an integer: ptrcomp cannot follow it here. */
static long handles(int n) {
  struct node *l = NULL;
  for (int i = 0; i < n; i++)
    l = list_push(l, i % 7);
  uintptr_t handle = (uintptr_t)l;
  l = (struct node *)handle;
  long s = list_sum(l);
  list_free(l);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  printf("squares %ld odds %ld handles %ld\n", squares(n), odds(n), handles(n));
  return 0;
}
