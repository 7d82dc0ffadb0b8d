/* listdemo N: builds a list of N ints and a tree of up to 10000 keys, prints what it
   finds. Most of its memory is the list's nodes. */
#include "lists.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  struct node *list = NULL;
  for (int i = 0; i < n; i++)
    list = list_push(list, i % 1000);
  list = list_reverse(list);
  printf("length %zu sum %ld first %d\n", list_length(list), list_sum(list),
         list ? list->value : -1);
  list_free(list);

  struct tree *t = NULL;
  unsigned seed = 12345;
  int keys = n < 10000 ? n : 10000;
  for (int i = 0; i < keys; i++) {
    seed = seed * 1103515245u + 12345u;
    t = tree_insert(t, (int)(seed >> 8) % 100000);
  }
  printf("tree height %d contains-42 %d\n", tree_height(t), tree_contains(t, 42));
  tree_free(t);
  return 0;
}
