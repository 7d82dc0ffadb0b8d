// rules/MacroArgumentEdits.h: CHECKED pastes its argument onto a prefix (shadow_##e names the
// shadow copy's field read); an edit of the argument would change the pasted token too.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "the macro argument at macro_argument_edits_pasted.c:21:20 is pasted with ## by 'CHECKED' (macro_argument_edits_pasted.c:10:9)"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct stats { int val; };
static struct stats shadow_storage = {0};
static struct stats *shadow_n = &shadow_storage;
#define CHECKED(e) ((e) + 0 * shadow_##e)
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    n->val = i + 1;
    n->next = head;
    head = n;
  }
  int sum = 0;
  for (struct node *n = head; n; n = n->next)
    sum += CHECKED(n->val);
  printf("%d\n", sum);
  while (head) {
    struct node *n = head->next;
    free(head);
    head = n;
  }
  return 0;
}
