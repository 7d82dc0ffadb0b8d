/* utlist-style DL_DELETE(b.list, b.list): the body compares (del) == (head), both the
   holder member b.list. Written as its expansion at the use site, `(b.list) == (b.list)`
   would be a self-comparison that -Wtautological-compare rejects under -Werror (not inside
   a macro): its value is written instead, the comparison beside it as a comment, as for a
   plain variable. */
// EXPECT: {"type": "struct el", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#define DL_DELETE(head,del) do { if ((del)->prev == (del)) { (head)=NULL; } else if ((del)==(head)) { (del)->next->prev = (del)->prev; (head) = (del)->next; } else { (del)->prev->next = (del)->next; if ((del)->next) { (del)->next->prev = (del)->prev; } else { (head)->prev = (del)->prev; } } } while (0)
#define DL_APPEND(head,add) do { (add)->prev = (head); (add)->next = NULL; if (head) { (add)->prev = (head)->prev; (head)->prev->next = (add); (head)->prev = (add); } else { (head)=(add); (head)->prev = (head); } } while (0)
struct el { int val; struct el *prev, *next; };
struct box { struct el *list; int n; };
int main(void) {
  struct box b = { NULL, 0 };
  for (int i = 0; i < 5; i++) { struct el *e = malloc(sizeof *e); e->val = i; DL_APPEND(b.list, e); }
  struct el *first = b.list;
  DL_DELETE(b.list, b.list);
  free(first);
  long s = 0; for (struct el *e = b.list; e; e = e->next) s = s * 5 + e->val;
  printf("%ld\n", s);
  while (b.list) { struct el *e = b.list; DL_DELETE(b.list, e); free(e); }
  return 0;
}
