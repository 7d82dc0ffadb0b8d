// ruleFieldOfUnrewrittenObject: node pointers kept in a struct-typed local (which gets a
// layout of indices) and passed by value to a function whose parameter keeps the
// original struct type: the callee's reads of its fields are the rule's business.
// EXPECT: {"type": "struct node", "pooled": false, "reason": "of an object that ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct stack { struct node *top; int depth; };
static int total(struct stack s) {
  int sum = 0;
  for (; s.top; s.top = s.top->next) sum += s.top->val;
  return sum;
}
int main(void) {
  struct stack s = { NULL, 0 };
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = s.top; s.top = n; s.depth++;
  }
  printf("%d %d\n", total(s), s.depth);
  while (s.top) { struct node *n = s.top->next; free(s.top); s.top = n; }
  return 0;
}
