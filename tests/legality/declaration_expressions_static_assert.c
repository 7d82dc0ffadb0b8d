// rules/DeclarationExpressions.h: _Static_assert and an enumerator over a node pointer
// and a node field. Neither is rewritten, and on an index `sizeof h->key` would not even
// compile; the list stays unchanged.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "'h', whose type changes, is named in a type or declaration at declaration_expressions_static_assert.c:14:25, which ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int key; struct node *next; };
int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->key = i; n->next = h; h = n;
  }
  _Static_assert(sizeof h == sizeof(void *), "pointer-sized handle");
  enum { KEY_BYTES = sizeof h->key };
  printf("%d %d\n", h->key, (int)KEY_BYTES);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
