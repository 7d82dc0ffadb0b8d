/* rules/Allocations.h in pool-allocation mode: a parameter named only in the size,
   `malloc(sizeof *tmpl)`, stays named, unevaluated, once the size is left out
   (-Werror=unused-parameter failed the build before; found by an adversarial review). */
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct node", "owner": "main", "pooled": true, "indexed": false}
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

/* allocate a node of the same type as the template */
static struct node *node_new_like(const struct node *tmpl, int v) {
  struct node *x = malloc(sizeof *tmpl);
  x->v = v; x->next = NULL;
  return x;
}

int main(void) {
  struct node *h = malloc(sizeof *h);
  h->v = 100; h->next = NULL;
  for (int i = 0; i < 4; i++) { struct node *x = node_new_like(h, i); x->next = h->next; h->next = x; }
  int s = 0;
  for (struct node *p = h; p; p = p->next) s += p->v;
  printf("%d\n", s);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
