// rules/Counter.h: STAMP's use on a node in main is written as its
// expansion, which prints __COUNTER__'s value as a number; the __COUNTER__ read after it
// would then print 0 instead of 1.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a macro use at counter_expansion.c:17:3 would be written as its expansion, which no longer expands __COUNTER__ and changes every later value"}
#include <stdio.h>
#include <stdlib.h>
struct node { int id; int v; struct node *next; };
#define STAMP(n) do { (n)->id = __COUNTER__; } while (0)
int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->v = i * 10;
    n->next = h;
    h = n;
  }
  STAMP(h);
  int next_id = __COUNTER__;
  printf("head id %d, next_id %d\n", h->id, next_id);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
