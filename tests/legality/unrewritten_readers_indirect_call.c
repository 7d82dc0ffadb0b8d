// rules/UnrewrittenReaders.h: the list is passed through a function pointer whose targets expect
// real pointers (its type is a typedef local to main, which ptrcomp does not retype for
// a common clone signature).
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "passed through a call via a function pointer at unrewritten_readers_indirect_call.c:18:18"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
static int count(struct node *p) { int n = 0; for (; p; p = p->next) n++; return n; }
static int sum(struct node *p) { int s = 0; for (; p; p = p->next) s += p->val; return s; }
int main(int argc, char **argv) {
  (void)argv;
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  typedef int (*fn_t)(struct node *); fn_t f = argc > 5 ? count : sum;
  printf("%d\n", f(head));
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
