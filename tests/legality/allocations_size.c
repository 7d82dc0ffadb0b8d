// rules/Allocations.h: malloc(sz) with a size held in a variable is not n * sizeof(struct
// node).
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "allocation size not understood (sizes must be n * sizeof(struct node)) at allocations_size.c:11:22"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  size_t sz = sizeof(struct node);
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sz);
    n->val = i; n->next = head; head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
