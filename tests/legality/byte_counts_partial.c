// ByteCounts rule (tool/rules/ByteCounts.h): memcpy of a byte count that is not whole nodes; the analysis collapses
// the node (the rule is the check's backstop).
// EXPECT: {"type": "struct node", "owner": "main", "compressed": false, "reason": "accessed as char at byte_counts_partial.c:17:3"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct node { int val; struct node *next; };
int main(int argc, char **argv) {
  (void)argv;
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  struct node *spare = malloc(sizeof(struct node));
  size_t half = sizeof(int) * (size_t)argc; /* not a whole node */
  memcpy(spare, head, half);
  printf("%d\n", spare->val);
  free(spare);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
