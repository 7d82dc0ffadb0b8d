// rules/UnrewrittenReaders.h: node pointers in the brace list of a compound literal of
// an array of pointers, `(struct node *[]){ head, head->next }`: the variable that holds
// it becomes an array of indices, the list's elements would be indices, and such lists
// are not written again.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "an index would be stored in an initializer of pointers"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  struct node **v = (struct node *[]){ head, head->next };
  int sum = 0;
  for (int k = 0; k < 2; k++)
    for (struct node *p = v[k]; p; p = p->next) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
