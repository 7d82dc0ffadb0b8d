// rules/DeclarationExpressions.h: `sizeof h` of a node pointer in the bound of a local
// array and inside a type name (`sizeof(char[sizeof h])`). Bounds are not rewritten, so
// once h became an index they would measure the index; the list stays unchanged.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "'h', whose type changes, is named in a type or declaration at declaration_expressions_array_bound.c:14:28, which ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int key; struct node *next; };
int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof *n);
    n->key = i; n->next = h; h = n;
  }
  unsigned char raw[sizeof h];
  int sum = 0;
  for (struct node *p = h; p; p = p->next) sum += p->key;
  printf("%zu %zu %d\n", sizeof raw, sizeof(char[sizeof h]), sum);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
