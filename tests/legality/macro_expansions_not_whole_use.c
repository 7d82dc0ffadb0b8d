// rules/MacroExpansions.h: node fields read inside a macro body (VAL_NEXT) whose use is two
// arguments of a call, not a whole expression or statement: it cannot be expanded there.
// (PUSH and NEXT are written as their expansions.)
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "used inside a macro at macro_expansions_not_whole_use.c:19:8 (the macro's use is not a whole expression or statement"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define NEXT(p) ((p)->next)
#define VAL_NEXT(p) (p)->val, (p)->next != NULL
static void show(int v, int more) { printf("%d%s", v, more ? " " : "\n"); }
#define PUSH(h, v) do { struct node *n_ = malloc(sizeof(struct node)); n_->val = (v); n_->next = (h); (h) = n_; } while (0)
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++)
    PUSH(head, i);
  int sum = 0;
  for (struct node *p = head; p; p = NEXT(p)) sum += p->val;
  printf("%d\n", sum);
  show(VAL_NEXT(head));
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
