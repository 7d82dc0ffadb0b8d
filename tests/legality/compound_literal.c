// ruleCompoundLiteral: a compound literal holding a node pointer; the analysis keeps
// structures stored in such objects out of pools first.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "stored in struct holder objects that ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct holder { struct node *first; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  struct holder *h = &(struct holder){ head };
  int sum = 0;
  for (struct node *p = h->first; p; p = p->next) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
