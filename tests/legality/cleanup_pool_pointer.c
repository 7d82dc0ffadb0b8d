// Cleanup rule (tool/rules/Cleanup.h): in the style of systemd's _cleanup_free_, 'a' is
// freed by an implicit call of 'freep' when its scope ends. That call is not in the
// source, so ptrcomp cannot give it the pool: the node would be passed to free() as an
// index. Both allocations of 'work' stay as they are.
// EXPECT: {"type": "struct node", "owner": "work", "pooled": false, "reason": "'a' at cleanup_pool_pointer.c:13:31 is cleaned up by 'freep' (__attribute__((cleanup))), a call ptrcomp does not rewrite, and it points into a pool"}
// EXPECT: {"type": "struct node", "owner": "work", "pooled": false, "reason": "'a' at cleanup_pool_pointer.c:13:31 is cleaned up by 'freep' (__attribute__((cleanup))), a call ptrcomp does not rewrite, and it points into a pool"}
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
static void freep(void *p) { free(*(void **)p); }
#define _cleanup_free_ __attribute__((cleanup(freep)))
static int work(int k) {
  _cleanup_free_ struct node *a = malloc(sizeof *a);
  _cleanup_free_ struct node *b = malloc(sizeof *b);
  if (!a || !b)
    return -1;
  a->v = k; a->next = b; b->v = 2 * k; b->next = NULL;
  return a->v + a->next->v;
}
int main(void) {
  long s = 0;
  for (int k = 0; k < 1000; k++) s += work(k);
  printf("%ld\n", s);
  return 0;
}
