// ruleStringizedArgument: SHOW prints its argument's text (#e) beside its value; an edit
// of the argument (n->val becoming a pool access) would change what the program prints.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "the macro argument at stringized_argument.c:16:8 is stringized by 'SHOW' (stringized_argument.c:7:24)"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define SHOW(e) printf(#e " = %d\n", (e))
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->val = 10 * i;
    n->next = head;
    head = n;
  }
  SHOW(head->val);
  while (head) {
    struct node *n = head->next;
    free(head);
    head = n;
  }
  return 0;
}
