// rules/LayoutPrinting.h: a member that is an array of an unnamed struct type. A new
// layout is printed member by member from the types, and this type has no name to print,
// so the list stays unchanged.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "its struct has a member of an unnamed struct or union type at layout_printing_unnamed_array.c:9:26, which a new layout would not keep"}
#include <stdio.h>
#include <stdlib.h>
struct node {
  struct node *next;
  struct { int lo, hi; } range[2];
};
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->range[0].lo = i; n->range[1].hi = 2 * i; n->next = head; head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->range[0].lo + p->range[1].hi;
  printf("sum=%d\n", sum);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
