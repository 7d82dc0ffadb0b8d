// ruleEditableText: node fields read and written inside macro bodies (PUSH, NEXT).
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "used inside a macro at editable_text.c:11:5"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define NEXT(p) ((p)->next)
#define PUSH(h, v) do { struct node *n_ = malloc(sizeof(struct node)); n_->val = (v); n_->next = (h); (h) = n_; } while (0)
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++)
    PUSH(head, i);
  int sum = 0;
  for (struct node *p = head; p; p = NEXT(p)) sum += p->val;
  printf("%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
