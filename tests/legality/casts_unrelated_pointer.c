// rules/Casts.h: a real pointer (char *) converted back to a node pointer.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a pointer that is not a pool index is converted to void * at casts_unrelated_pointer.c:13:29"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  char *c = (char *)head->next;
  int same = (struct node *)(void *)c == head->next;
  printf("%d\n", same);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
