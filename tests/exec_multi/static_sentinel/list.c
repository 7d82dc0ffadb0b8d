#include <stdlib.h>
#include "list.h"
/* The list is circular through a static sentinel. */
static struct node *head_of(void) {
  static struct node head = { -1, &head };
  return &head;
}
struct node *list_head(void) { return head_of(); }
void list_add(int k) {
  struct node *n = malloc(sizeof *n);
  if (!n) exit(1);
  n->key = k; n->next = head_of()->next; head_of()->next = n;
}
void list_clear(void) {
  struct node *p = head_of()->next;
  while (p != head_of()) { struct node *n = p->next; free(p); p = n; }
  head_of()->next = head_of();
}
