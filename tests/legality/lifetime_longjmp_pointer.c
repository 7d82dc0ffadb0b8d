// An error hook that holds longjmp itself: the call through 'on_error' may leave
// 'handle' for main's setjmp, and the pool 'handle' creates would never be destroyed
// (40,000 times). A program that takes longjmp's address may jump from any call
// through a pointer, so the structure stays as it is.
// EXPECT: {"type": "struct node", "owner": "handle", "pooled": false, "reason": "a longjmp at lifetime_longjmp_pointer.c:23:5 (in 'handle') may leave 'handle' for the setjmp at lifetime_longjmp_pointer.c:30:9 (in 'main'), and the pool 'handle' creates would then never be destroyed"}
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
struct node { long v; struct node *next; };
static void (*on_error)(jmp_buf, int) = longjmp;
static jmp_buf env;
static long handle(int k) {
  struct node *h = NULL;
  for (int i = 0; i < 64; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) exit(1);
    n->v = i * k; n->next = h; h = n;
  }
  long s = 0;
  for (struct node *p = h; p; p = p->next) s += p->v;
  while (h) { struct node *n = h->next; free(h); h = n; }
  if (k % 2 == 0)
    on_error(env, 1);
  return s;
}
int main(void) {
  volatile long total = 0;
  volatile int errors = 0;
  for (volatile int k = 0; k < 40000; k++) {
    if (setjmp(env)) { errors++; continue; }
    total += handle(k);
  }
  printf("total %ld errors %d\n", (long)total, (int)errors);
  return 0;
}
