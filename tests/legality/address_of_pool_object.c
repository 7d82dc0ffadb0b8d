// rules/AddressOf.h: &w->n takes the address of a struct inside another, and links
// it into a list of nodes allocated alone; the analysis already keeps such objects out of
// pools (the rule is the check's backstop): one structure, allocated with two sizes.
// EXPECT: {"type": "struct wrap", "pooled": false, "reason": "allocation size not understood"}
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
