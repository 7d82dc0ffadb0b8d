/* adversarial review (not a fuzzer seed), was a compile-veto: a node carries a function
   pointer taking a node (`int (*eval)(const struct node *)`), set to a function that
   then gets a clone taking a pool and an index. The field kept its type in the node's
   new layout, so storing the clone and calling through the field did not compile and
   the self-check left the list unchanged. The layout now declares the member with the
   clones' type, as the struct's own member is. */
#include <stdio.h>
#include <stdlib.h>

/* each node carries its own method taking a node pointer */
struct node {
  int v;
  struct node *next;
  int (*eval)(const struct node *);
};

static int ev_val(const struct node *n) { return n->v; }

int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 4; i++) {
    struct node *x = malloc(sizeof *x);
    x->v = i; x->next = h; x->eval = ev_val; h = x;
  }
  int s = 0;
  for (struct node *p = h; p; p = p->next) s += p->eval(p);
  printf("%d %d\n", s, ev_val(h));
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
