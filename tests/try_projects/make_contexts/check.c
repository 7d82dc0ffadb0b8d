/* Tests of list.c and ops.c, one "PASS: name" or "FAIL: name" line each. */
#include "list.h"

#include <stdio.h>

static int failures;

static void check(int ok, const char *name) {
  printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
  failures += !ok;
}

int main(void) {
  struct node *l = NULL;
  for (int i = 1; i <= 10; i++)
    l = list_push(l, i);
  check(list_length(l) == 10, "length");
  check(list_min(l) == 1, "min");
  list_free(l);
  return failures ? 1 : 0;
}
