// ruleIndexInPointerInitializer: node pointers in the initializer of a compound literal of
// a struct type (struct-typed locals are written again for their new layout, compound
// literals are not); the analysis refuses the holder first (this rule is its backstop).
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "stored in struct pair objects that ptrcomp does not rewrite"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct pair { struct node *a, *b; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next)
    sum += (struct pair){ p, p->next }.a->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
