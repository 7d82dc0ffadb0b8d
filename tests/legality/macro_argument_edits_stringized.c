// rules/MacroArgumentEdits.h: FIELD gives its argument's text (#e) and its value as two
// arguments of printf, so its use is not a whole expression and cannot be written as the
// macro's expansion (where the string would keep the original text); an edit of the
// argument where it is spelled (n->val becoming a pool access) would change what the
// program prints. (A use that can be expanded is: tests/exec/macro_stringize.c.)
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "the macro argument at macro_argument_edits_stringized.c:19:29 is stringized by 'FIELD' (macro_argument_edits_stringized.c:10:18)"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define FIELD(e) #e, (e)
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->val = 10 * i;
    n->next = head;
    head = n;
  }
  printf("%s = %d\n", FIELD(head->val));
  while (head) {
    struct node *n = head->next;
    free(head);
    head = n;
  }
  return 0;
}
