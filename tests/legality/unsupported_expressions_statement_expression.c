// rules/UnsupportedExpressions.h: a GNU statement expression reads a node field.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "pooled data used in a StmtExpr at unsupported_expressions_statement_expression.c:13:38"}
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
  for (struct node *p = head; p; p = ({ struct node *q = p->next; q; })) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
