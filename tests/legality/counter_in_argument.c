// Counter rule (tool/rules/Counter.h): TAG is used on a node in main, so the use is
// written as its expansion. Its argument spells __COUNTER__ and the body names the
// parameter three times: the expansion would expand __COUNTER__ three times, and every
// later value (the one main prints) would change.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a macro use at counter_in_argument.c:12:11 would be written as its expansion, which repeats its argument __COUNTER__ for each use of the parameter"}
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
#define TAG(n, id) ((n)->next ? (id) * 10 + (id) : (id))
int main(void) {
  struct node *h = malloc(sizeof *h);
  int a = TAG(h, __COUNTER__);
  if (!h)
    return 1;
  h->v = 1;
  h->next = NULL;
  printf("%d %d %d\n", a, h->v, __COUNTER__);
  free(h);
  return 0;
}
