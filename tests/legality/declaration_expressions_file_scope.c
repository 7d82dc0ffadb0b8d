// rules/DeclarationExpressions.h: file-scope initializers and array bounds that measure
// globals whose type would change (a node pointer, and a struct holding one). They keep
// their text, so both lists stay unchanged.
// EXPECT: {"type": "struct node", "owner": "(global)", "pooled": false, "reason": "'head', whose type changes, is named in a type or declaration at declaration_expressions_file_scope.c:11:40, which ptrcomp does not rewrite"}
// EXPECT: {"type": "struct node", "owner": "(global)", "pooled": false, "reason": "'L', whose type changes, is named in a type or declaration at declaration_expressions_file_scope.c:13:21, which ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int key; struct node *next; };
struct list { struct node *head; int n; };
static struct node *head;
static const size_t head_size = sizeof head;
static struct list L;
char scratch[sizeof L];
int main(void) {
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->key = i; n->next = head; head = n;
  }
  for (int i = 0; i < 2; i++) {
    struct node *n = malloc(sizeof *n);
    n->key = 10 + i; n->next = L.head; L.head = n; L.n++;
  }
  printf("%zu %zu %d %d %d\n", head_size, sizeof scratch, head->key, L.head->key, L.n);
  while (head) { struct node *n = head->next; free(head); head = n; }
  while (L.head) { struct node *n = L.head->next; free(L.head); L.head = n; }
  return 0;
}
