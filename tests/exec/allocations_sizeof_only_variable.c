/* rules/Allocations.h: a variable named only in the size of an allocation that becomes
   a pool operation, `malloc(sizeof *proto)`. The count leaves the size out; the
   variable stays named, unevaluated ((void)sizeof(proto)), so that the output does not
   warn it unused (-Werror=unused-variable failed the build before; found by an
   adversarial review). */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int v; struct node *next; };

static struct node *clone_list(const struct node *src) {
  if (!src) return NULL;
  struct node *proto = NULL;
  struct node *x = malloc(sizeof *proto);
  memset(x, 0, sizeof *x);
  x->v = src->v * 2;
  x->next = clone_list(src->next);
  return x;
}

int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 4; i++) { struct node *x = malloc(sizeof *x); x->v = i; x->next = h; h = x; }
  struct node *c = clone_list(h);
  int s = 0;
  for (struct node *p = c; p; p = p->next) s += p->v;
  printf("%d\n", s);
  while (h) { struct node *n = h->next; free(h); h = n; }
  while (c) { struct node *n = c->next; free(c); c = n; }
  return 0;
}
