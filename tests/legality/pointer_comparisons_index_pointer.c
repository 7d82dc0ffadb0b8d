// PointerComparisons rule (tool/rules/PointerComparisons.h): an interior pointer compared with a node pointer (both as
// void *): the conversion to void * of a node pointer that is compared with a real
// pointer vetoes.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a pointer that is not a pool index is converted to void * at pointer_comparisons_index_pointer.c:16:14"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  /* an interior pointer compared with a node pointer */
  int *v = &head->next->val;
  int same = (void *)v == (void *)head->next;
  printf("%d\n", same);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
