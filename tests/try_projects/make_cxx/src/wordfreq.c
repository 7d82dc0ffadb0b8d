/* wordfreq N...: how often each number occurs, in a tree of the library. */
#include <stdio.h>
#include <stdlib.h>

#include "tree.h"

int main(int argc, char **argv) {
  struct tree *counts = NULL;
  for (int i = 1; i < argc; i++)
    counts = tree_add(counts, atoi(argv[i]));
  printf("%d numbers, %d distinct\n", argc - 1, tree_size(counts));
  tree_print(counts);
  if (argc > 1)
    printf("first %s occurs %d time(s)\n", argv[1], tree_count(counts, atoi(argv[1])));
  tree_free(counts);
  return 0;
}
