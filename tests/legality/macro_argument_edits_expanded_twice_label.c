// rules/MacroArgumentEdits.h: SET_BOTH expands its value argument twice, once stored in
// a node's next field (where NULL becomes the null index 0) and once in a char pointer
// (where it stays NULL). One edit of the spelling cannot serve both, and the use cannot
// be written as its expansion, where each copy would get its own text: the statement
// expression declares a GNU local label, which the expansion would write as an ordinary
// label (rules/MacroExpansions.h), so a second use would define it twice.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "would be written as its expansion, which cannot keep its local label 'done' (__label__)"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define SET_BOTH(a, b, v) ({ __label__ done; a = v; b = v; goto done; done: 0; })
int main(void) {
  struct node *head = NULL;
  char *label = "list";
  for (int i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof *n);
    n->val = i;
    n->next = head;
    head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->val;
  SET_BOTH(head->next, label, NULL);
  SET_BOTH(head->next, label, NULL);
  printf("%d %d %s\n", sum, head->next == NULL, label ? label : "(none)");
  free(head);
  return 0;
}
