// StructCopies rule (tool/rules/StructCopies.h): a node copied into a local struct of the
// node's own type. The local gets the node's layout (its `next` is an index into the same
// pool), so the copy is written as it is.
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  struct node copy;
  copy = *head;
  int sum = copy.val;
  for (struct node *p = copy.next; p; p = p->next) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
