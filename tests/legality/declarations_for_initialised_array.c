// rules/Declarations.h: a for-loop declaration with an array of pointers initialised with
// pointers.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "an array of pointers initialised with pointers at declarations_for_initialised_array.c:14:42"}
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
  for (struct node *p = head, *arr[2] = {head, NULL}; p; p = p->next) sum += p->val + (arr[0] != NULL);
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
