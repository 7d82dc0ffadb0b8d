// rules/DeclarationExpressions.h: a struct defined inside a type name,
// `sizeof(struct { char c[sizeof h]; })`. Its member's bound names a node pointer and is
// not rewritten, so the list stays unchanged.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "'h', whose type changes, is named in a type or declaration at declaration_expressions_struct_in_sizeof.c:14:52, which ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int key; struct node *next; };
int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->key = i; n->next = h; h = n;
  }
  printf("%zu %d\n", sizeof(struct { char c[sizeof h]; }), h->key);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
