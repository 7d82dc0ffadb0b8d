// ruleFieldOfUnrewrittenObject: node pointers kept in a struct-typed global (struct-typed
// locals get a layout of indices; globals do not yet); the analysis refuses the holder
// first.
// EXPECT: {"type": "struct node", "pooled": false, "reason": "stored in struct stack objects that ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct stack { struct node *top; int depth; };
static struct stack s = { NULL, 0 };
int main(void) {
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = s.top; s.top = n; s.depth++;
  }
  int sum = 0;
  for (struct node *p = s.top; p; p = p->next) sum += p->val;
  printf("%d %d\n", sum, s.depth);
  while (s.top) { struct node *n = s.top->next; free(s.top); s.top = n; }
  return 0;
}
