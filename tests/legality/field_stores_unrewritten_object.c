// rules/FieldStores.h: node pointers kept in a struct-typed local (which gets a
// layout of indices) and passed through `...`; the callee reads a field straight from
// `va_arg(ap, struct stack)`, an object whose type ptrcomp does not change.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "stored in field 'top' of an object that ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
struct node { int val; struct node *next; };
struct stack { struct node *top; int depth; };
static int total(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int sum = 0;
  for (int i = 0; i < n; i++) {
    struct node *t = va_arg(ap, struct stack).top;
    for (; t; t = t->next) sum += t->val;
  }
  va_end(ap);
  return sum;
}
int main(void) {
  struct stack s = { NULL, 0 };
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = s.top; s.top = n; s.depth++;
  }
  printf("%d %d\n", total(1, s), s.depth);
  while (s.top) { struct node *n = s.top->next; free(s.top); s.top = n; }
  return 0;
}
