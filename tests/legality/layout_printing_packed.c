// rules/LayoutPrinting.h: a packed node struct. Its new layout, printed member by member,
// would lose the attribute, so the list stays unchanged.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "its struct has a packing or alignment attribute (layout_printing_packed.c:6:8), which a new layout would not keep"}
#include <stdio.h>
#include <stdlib.h>
struct node { char tag; struct node *next; int val; } __attribute__((packed));
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 6; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->tag = (char)('a' + i); n->val = i * 3; n->next = head; head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->val + p->tag;
  printf("sum=%d size=%zu\n", sum, sizeof(struct node));
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
