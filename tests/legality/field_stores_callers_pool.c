// The nodes 'counter_of' allocates live in its own pool, whose layout is fixed; their
// field 'next' points to a node of the pool its caller passes, which another caller
// could pass differently. The layout keeps a pointer there, so the caller's structure
// stays as it is (its indices could not be stored in the field); the callee's own
// pool is compressed.
// EXPECT: {"type": "struct sym", "owner": "main", "pooled": false, "reason": "stored in field 'next' of objects whose layout keeps a pointer there (the pool it points into is chosen by the callers) at field_stores_callers_pool.c:19:14"}
// EXPECT: {"type": "struct sym", "owner": "counter_of", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
struct sym { char name[16]; int id; struct sym *next; };
static int *counter_of(int k) {
  struct sym *s = malloc(sizeof *s);
  struct sym *t = malloc(sizeof *t);
  if (!s || !t)
    exit(1);
  s->id = k * 10;
  s->next = NULL;
  t->id = k; t->next = s;
  int *r = &t->next->id;
  free(t);
  return r;
}
int main(void) {
  int *c[4];
  for (int k = 0; k < 4; k++)
    c[k] = counter_of(k);
  for (int k = 0; k < 4; k++)
    printf("%d\n", *c[k]);
  for (int k = 0; k < 4; k++)
    free((char *)c[k] - offsetof(struct sym, id));
  return 0;
}
