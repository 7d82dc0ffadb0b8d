/* An array of structs holding list heads inside a heap node (`struct slot slots[4]`):
   the analysis folds the elements into one, and every element gets the layout
   struct slot_pc32, so items and buckets are compressed. */
// EXPECT: {"type": "struct item", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct bucket", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct item { int v; struct item *next; };
struct slot { struct item *first; int count; };
struct bucket { int id; struct slot slots[4]; struct bucket *next; };
int main(void) {
  struct bucket *bs = NULL;
  for (int b = 0; b < 3; b++) {
    struct bucket *x = calloc(1, sizeof *x);
    x->id = b; x->next = bs; bs = x;
    for (int k = 0; k < 10; k++) {
      struct item *it = malloc(sizeof *it);
      it->v = k * b; it->next = x->slots[k % 4].first; x->slots[k % 4].first = it; x->slots[k % 4].count++;
    }
  }
  long s = 0;
  for (struct bucket *x = bs; x; x = x->next)
    for (int j = 0; j < 4; j++)
      for (struct item *it = x->slots[j].first; it; it = it->next) s += it->v * (j + 1) + x->slots[j].count;
  printf("%ld\n", s);
  while (bs) {
    struct bucket *x = bs; bs = x->next;
    for (int j = 0; j < 4; j++) while (x->slots[j].first) { struct item *it = x->slots[j].first; x->slots[j].first = it->next; free(it); }
    free(x);
  }
  return 0;
}
