// ruleAddressOfPoolObject: &w->n takes the address of a struct inside another; the
// analysis already keeps such holders out of pools (the rule is the check's backstop).
// EXPECT: {"type": "struct wrap", "pooled": false, "reason": "holds pointers inside an array, union or nested struct"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct wrap { struct node n; };
int main(void) {
  struct wrap *w = malloc(sizeof(struct wrap));
  w->n.val = 3; w->n.next = NULL;
  struct node *p = &w->n;
  struct node *head = malloc(sizeof(struct node));
  head->val = 4; head->next = p;
  int sum = 0;
  for (struct node *q = head; q; q = q->next) sum += q->val;
  printf("%d\n", sum);
  free(head); free(w);
  return 0;
}
