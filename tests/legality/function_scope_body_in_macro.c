// rules/FunctionScope.h: the function that would create the pool is written by a macro, so
// there is no `{` to create it after. (A use on one line is written out for the parse,
// tests/exec/macro_defined_functions.c; this one spreads over two lines, whose numbers
// the written-out text would change.)
// EXPECT: {"type": "struct node", "owner": "sum5", "pooled": false, "reason": "the body of 'sum5' is written inside a macro"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define DEFINE_SUM(name, count) \
  static int name(void) { \
    struct node *head = NULL; \
    for (int i = 0; i < (count); i++) { \
      struct node *n = malloc(sizeof(struct node)); \
      n->val = i; n->next = head; head = n; \
    } \
    int s = 0; \
    while (head) { struct node *n = head->next; s += head->val; free(head); head = n; } \
    return s; \
  }
DEFINE_SUM(sum5,
           5)
int main(void) {
  printf("%d\n", sum5());
  return 0;
}
