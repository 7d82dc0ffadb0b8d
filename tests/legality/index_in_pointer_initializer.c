// ruleIndexInPointerInitializer: node pointers in the initializer of a struct-typed
// local; the declaration's rule refuses it first (this rule is its backstop).
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a struct initialised with pointers"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct pair { struct node *a, *b; };
static int total(struct pair pr) { return pr.a->val + pr.b->val; }
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  struct pair pr = { head, head->next };
  printf("%d\n", total(pr));
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
