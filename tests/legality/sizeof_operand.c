// Sizeof rule (tool/rules/Sizeof.cpp): inside a byte count rescaled for the new layout,
// sizeof(*head->next) names the type of an object reached through an index field, which
// ptrcomp cannot spell. (Outside such a count it keeps its original value:
// tests/exec/sizeof_keeps_value.c.)
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "sizeof of an expression ptrcomp cannot retype at sizeof_operand.c:15:24"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  size_t one = 1;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof *n);
    memset(n, 0, one * sizeof(*head->next));
    n->val = i; n->next = head; head = n;
  }
  printf("%d\n", head->val);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
