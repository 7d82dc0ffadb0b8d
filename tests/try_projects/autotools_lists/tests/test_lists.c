/* Unit tests of the library, one "PASS: name" or "FAIL: name" line each (the automake
   convention); the exit status is 1 when any failed. */
#include "lists.h"

#include <stdio.h>

static int failures;

static void check(int ok, const char *name) {
  printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
  failures += !ok;
}

int main(void) {
  struct node *l = NULL;
  for (int i = 1; i <= 100; i++)
    l = list_push(l, i);
  check(list_length(l) == 100, "list-length");
  check(list_sum(l) == 5050, "list-sum");
  check(l->value == 100, "list-push-order");
  l = list_reverse(l);
  check(l->value == 1 && l->next->value == 2, "list-reverse");
  list_free(l);
  check(list_length(NULL) == 0 && list_sum(NULL) == 0, "list-empty");

  struct tree *t = NULL;
  for (int i = 0; i < 63; i++)
    t = tree_insert(t, (i * 37) % 64);
  check(tree_contains(t, 37) && !tree_contains(t, 64), "tree-contains");
  check(tree_height(t) > 5 && tree_height(t) < 63, "tree-height");
  tree_free(t);
  return failures ? 1 : 0;
}
