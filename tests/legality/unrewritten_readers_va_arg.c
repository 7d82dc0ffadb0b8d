// rules/UnrewrittenReaders.h: a struct-typed local that holds node pointers (and gets a
// layout of indices) is passed through `...` and read back with
// `va_arg(ap, struct stack)`, whose type as written cannot change.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a struct holding indices is read by va_arg"}
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
    struct stack s = va_arg(ap, struct stack);
    for (; s.top; s.top = s.top->next) sum += s.top->val;
    sum += s.depth;
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
