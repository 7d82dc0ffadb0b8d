// Counter rule (tool/rules/Counter.h): STAMP expands __COUNTER__ in 'push', which gets a
// copy for the pool (push_pc32); the copy would expand it again, so the __COUNTER__ read
// later in main would print 6 instead of 5. (An expansion that no later one follows is
// allowed: tests/exec/counter_last_use.c.)
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "__COUNTER__ at counter_copy.c:12:3 would be expanded again in the copy 'push_pc32', changing every later value"}
#include <stdio.h>
#include <stdlib.h>
struct node { int id; int v; struct node *next; };
#define STAMP(n) do { (n)->id = __COUNTER__; } while (0)
static struct node *push(struct node *h, int v) {
  struct node *n = malloc(sizeof(struct node));
  STAMP(n);
  n->v = v;
  n->next = h;
  return n;
}
int main(void) {
  struct node *h = NULL;
  for (int i = 0; i < 5; i++)
    h = push(h, i * 10);
  for (struct node *p = h; p; p = p->next)
    printf("v %d id %d\n", p->v, p->id);
  int next_id = __COUNTER__;
  printf("next_id %d\n", next_id);
  while (h) { struct node *n = h->next; free(h); h = n; }
  return 0;
}
