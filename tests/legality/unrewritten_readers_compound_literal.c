// rules/UnrewrittenReaders.h: a compound literal of pointer type, `(struct node *){ head }`,
// whose value would be an index; struct-typed compound literals with a new layout are
// written again (holder_compound_literal.c), scalar ones are not.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a compound literal points into a pool"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  int sum = 0;
  for (struct node *p = (struct node *){ head }; p; p = p->next) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
