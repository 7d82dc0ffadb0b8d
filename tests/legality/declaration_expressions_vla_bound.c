// rules/DeclarationExpressions.h: a variable-length array whose bound reads a node field
// (`int tmp[p->count]`). The bound is not rewritten, so the list stays unchanged.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "'p', whose type changes, is named in a type or declaration at declaration_expressions_vla_bound.c:16:13, which ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int count; int *vals; struct node *next; };
int main(void) {
  struct node *h = NULL;
  for (int i = 1; i <= 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->count = i; n->vals = calloc((size_t)i, sizeof(int));
    for (int j = 0; j < i; j++) n->vals[j] = j + i;
    n->next = h; h = n;
  }
  for (struct node *p = h; p; p = p->next) {
    int tmp[p->count];
    for (int j = 0; j < p->count; j++) tmp[j] = p->vals[p->count - 1 - j];
    printf("%d %zu\n", tmp[0], sizeof tmp);
  }
  while (h) { struct node *n = h->next; free(h->vals); free(h); h = n; }
  return 0;
}
