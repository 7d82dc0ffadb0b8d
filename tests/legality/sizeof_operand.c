// ruleSizeofOperand: sizeof(*head->next) names the type of an object reached through an
// index field.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "sizeof of an expression ptrcomp cannot retype at sizeof_operand.c:13:24"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof *n);
    n->val = i; n->next = head; head = n;
  }
  printf("%d\n", (int)(sizeof(*head->next) >= sizeof(int)));
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
