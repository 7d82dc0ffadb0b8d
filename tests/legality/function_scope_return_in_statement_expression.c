// A `return` inside a statement expression of an error-check macro (TRY) in a function
// that owns a pool: ptrcomp cannot put the pool's destruction before a return written
// in a macro's body, and without it the pool's memory would leak on every call that
// fails. (A statement expression written in the function itself gets the destruction
// before its return: tests/exec/statement_expressions.c.)
// EXPECT: {"type": "struct node", "owner": "handle", "pooled": false, "reason": "a return in a macro use at function_scope_return_in_statement_expression.c:23:7 would leave without destroying the pool"}
#include <stdio.h>
#include <stdlib.h>
struct node { long v; struct node *next; };
#define TRY(e) ({ long r_ = (e); if (r_ < 0) return r_; r_; })
static long check(long v) { return v % 3 == 0 ? -1 : v; }
static long handle(int k) {
  struct node *h = NULL;
  for (int i = 0; i < 8; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return -2;
    n->v = i + k; n->next = h; h = n;
  }
  long s = 0;
  for (struct node *p = h; p; p = p->next) s += p->v;
  while (h) { struct node *n = h->next; free(h); h = n; }
  s = TRY(check(s));
  return s;
}
int main(void) {
  long t = 0; int e = 0;
  for (int k = 0; k < 6000; k++) { long r = handle(k); if (r < 0) e++; else t += r; }
  printf("total %ld errors %d\n", t, e);
  return 0;
}
