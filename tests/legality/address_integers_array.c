// An address-keyed set over the elements of one array of 8-byte cells, keyed by
// `(uintptr_t)p >> 4` (16-byte lines): the number of distinct keys depends on the
// elements' spacing and alignment, which a pool would change (padding each object to
// malloc's alignment changes the spacing; not padding it changes the alignment).
// EXPECT: {"type": "struct cell", "owner": "main", "pooled": false, "reason": "its objects are allocated as arrays and the program relies on their addresses (converted to an integer at address_integers_array.c:23:67): a pool would change their alignment or their spacing"}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
struct cell { struct cell *next; };
#define N 32
static uintptr_t seen[N];
static int nseen;
static int visit(uintptr_t k) {
  for (int i = 0; i < nseen; i++) if (seen[i] == k) return 0;
  seen[nseen++] = k;
  return 1;
}
int main(void) {
  struct cell *pool = malloc(N * sizeof *pool);
  if (!pool) return 1;
  for (int i = 0; i < N; i++) pool[i].next = i + 1 < N ? &pool[i + 1] : NULL;
  int distinct = 0, len = 0;
  for (struct cell *p = pool; p; p = p->next) { distinct += visit((uintptr_t)p >> 4); len++; }
  printf("len %d distinct lines %d\n", len, distinct);
  free(pool);
  return 0;
}
