// rules/AddressOf.h: &head->next is a pointer to a field (an index slot), not a
// pointer into the object used as the object: compressed.
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { struct node *next; int val; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  /* the address of the first field is the address of the node */
  struct node **link = &head->next;
  struct node *second = *link;
  printf("%d\n", second->val);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
