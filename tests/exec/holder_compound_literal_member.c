/* A member read straight from a compound literal of a struct with a new layout,
   `(struct pair){ p, p->next }.a->val`: the literal is written as a struct pair_pc32 and
   its member is an index. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
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
