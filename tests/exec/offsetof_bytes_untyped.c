/* A byte pointer into a node made with offsetof before anything in the function has
   given the node its type (`unsigned char *b = (unsigned char *)root + offsetof(struct
   t, key);` ahead of the first `root->key`). The graph could not follow the move then;
   once the type is known, the move lands on another member, so the node keeps its
   layout (a new one would move key). Found by the linked fuzzer (seed 52356). */
// EXPECT: {"type": "struct t", "owner": "main", "indexed": true, "compressed": false, "index_bits": 64, "reason": "made before struct t was known to be the objects' type, lands on another of its members"}
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct t { unsigned char tag[2]; struct t *left; struct t *right; unsigned key; };

static struct t *ins(struct t *r, unsigned k) {
  if (!r) { r = calloc(1, sizeof *r); if (!r) exit(1); r->key = k; return r; }
  if (k < r->key) r->left = ins(r->left, k); else r->right = ins(r->right, k);
  return r;
}
static void fr(struct t *r) { if (r) { fr(r->left); fr(r->right); free(r); } }

int main(void) {
  struct t *root = NULL;
  for (unsigned i = 0; i < 20; i++) root = ins(root, (i * 2654435761u) % 1000);
  unsigned char *b = (unsigned char *)root + offsetof(struct t, key);
  printf("%u %u\n", root->key, (unsigned)b[0] + b[1] * 256u);
  fr(root);
  return 0;
}
