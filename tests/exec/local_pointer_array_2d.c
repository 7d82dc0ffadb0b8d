/* A function keeps the paths from a tree's root to two keys in a local array of arrays of
   node pointers (klib's krmq does): it becomes an array of arrays of indices, and a row
   passed on is a pointer to indices. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { int key; struct node *left, *right; };
static struct node *insert(struct node *t, int k) {
  if (!t) { t = calloc(1, sizeof *t); if (!t) exit(1); t->key = k; return t; }
  if (k < t->key) t->left = insert(t->left, k); else t->right = insert(t->right, k);
  return t;
}
static int depth_key(const struct node *const *row, int n) { return n ? row[n - 1]->key : -1; }
static void drop(struct node *t) { if (t) { drop(t->left); drop(t->right); free(t); } }
static int paths(const struct node *root, int a, int b) {
  const struct node *path[2][64];
  int len[2] = {0, 0};
  const struct node *p;
  for (p = root; p; p = a < p->key ? p->left : p->right) { path[0][len[0]++] = p; if (p->key == a) break; }
  for (p = root; p; p = b < p->key ? p->left : p->right) { path[1][len[1]++] = p; if (p->key == b) break; }
  int i = 0;
  while (i < len[0] && i < len[1] && path[0][i] == path[1][i]) i++;
  return (i ? path[0][i - 1]->key : -1) * 1000 + depth_key(path[1], len[1]);
}
int main(void) {
  struct node *t = 0;
  int keys[] = {50, 30, 70, 20, 40, 60, 80, 35, 45};
  for (int i = 0; i < 9; i++) t = insert(t, keys[i]);
  printf("%d %d %d\n", paths(t, 35, 45), paths(t, 20, 45), paths(t, 60, 80));
  drop(t);
  return 0;
}
