// rules/Allocations.h: an allocation wrapper called with a byte count held in a
// variable.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "allocation size passed to 'xmalloc' is not a whole number of struct node at allocations_wrapper_size.c:12:22"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
static void *xmalloc(size_t n) { void *p = malloc(n); if (!p) abort(); return p; }
int main(void) {
  struct node *head = NULL;
  size_t bytes = sizeof(struct node);
  for (int i = 0; i < 5; i++) {
    struct node *n = xmalloc(bytes);
    n->val = i; n->next = head; head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
