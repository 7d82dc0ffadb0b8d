#include "lists.h"

#include <stdlib.h>

struct tree *tree_insert(struct tree *t, int key) {
  if (!t) {
    t = malloc(sizeof *t);
    if (!t)
      abort();
    t->key = key;
    t->left = t->right = NULL;
  } else if (key < t->key) {
    t->left = tree_insert(t->left, key);
  } else if (key > t->key) {
    t->right = tree_insert(t->right, key);
  }
  return t;
}

int tree_contains(const struct tree *t, int key) {
  while (t && t->key != key)
    t = key < t->key ? t->left : t->right;
  return t != NULL;
}

int tree_height(const struct tree *t) {
  if (!t)
    return 0;
  int l = tree_height(t->left), r = tree_height(t->right);
  return 1 + (l > r ? l : r);
}

void tree_free(struct tree *t) {
  if (!t)
    return;
  tree_free(t->left);
  tree_free(t->right);
  free(t);
}
