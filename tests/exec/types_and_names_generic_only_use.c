/* rules/TypesAndNames.h: a variable named only in a _Generic's controlling expression
   (TYPE_NAME(cur)). The selection keeps the original's by selecting on a null of the
   original type, and the variable stays named, unevaluated, so that the output does not
   warn it unused (-Werror=unused-variable failed the build before; found by an
   adversarial review). */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

#define TYPE_NAME(x) _Generic((x), struct node *: "node*", int: "int", default: "?")

static struct node *push(struct node *h, int v) {
  struct node *x = malloc(sizeof *x);
  x->v = v; x->next = h;
  return x;
}

int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 4; i++) h = push(h, i);
  struct node *cur = h->next;
  printf("%s %d\n", TYPE_NAME(cur), h->v);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
