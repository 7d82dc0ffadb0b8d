// rules/DeclarationExpressions.h: a later parameter's array bound names the node
// parameter h (`char out[static sizeof h->v * 4]`). The bound is not rewritten, so the
// list stays unchanged (the rewritten code did not compile before; found by an
// adversarial review).
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "'h', whose type changes, is named in a type or declaration at declaration_expressions_parameter_bound.c:12:71, which ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

/* a later parameter's array bound names the node parameter h */
static int fmt(const struct node *h, size_t n, char out[static sizeof h->v * 4]) {
  return snprintf(out, n, "%d", h ? h->v : -1);
}

int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 4; i++) { struct node *x = malloc(sizeof *x); x->v = i + 10; x->next = h; h = x; }
  char buf[16];
  int k = fmt(h->next, sizeof buf, buf);
  printf("%s %d\n", buf, k);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
