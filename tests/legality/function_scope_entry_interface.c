// rules/FunctionScope.h: visit is also called through a pointer, so its original version
// keeps real pointers; the call through the pointer vetoes first (its type is a typedef
// local to main, which ptrcomp does not retype for a common clone signature).
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "passed through a call via a function pointer at function_scope_entry_interface.c:15:34"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
static int visit(struct node *n) { int s = 0; for (; n; n = n->next) s += n->val; return s; }
int main(void) {
  struct node *head = NULL; typedef int (*fn_t)(struct node *); fn_t visitor = visit;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  printf("%d %d\n", visit(head), visitor(head));
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
