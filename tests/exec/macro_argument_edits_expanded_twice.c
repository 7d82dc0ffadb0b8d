// rules/MacroArgumentEdits.h: SET_BOTH expands its value argument twice, once stored in
// a node's next field (where NULL becomes the null index 0) and once in a char pointer
// (where it stays NULL). One edit of the spelling cannot serve both, so the use is
// written as its expansion, with each copy's own text.
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define SET_BOTH(a, b, v) (a = v, b = v)
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
  printf("%d %d %s\n", sum, head->next == NULL, label ? label : "(none)");
  free(head);
  return 0;
}
