#include "tree.h"

#include <stdio.h>
#include <stdlib.h>

struct tree *tree_add(struct tree *t, int key) {
  if (!t) {
    t = calloc(1, sizeof *t);
    if (!t)
      abort();
    t->key = key;
    t->count = 1;
  } else if (key < t->key) {
    t->left = tree_add(t->left, key);
  } else if (key > t->key) {
    t->right = tree_add(t->right, key);
  } else {
    t->count++;
  }
  return t;
}

int tree_count(const struct tree *t, int key) {
  while (t && t->key != key)
    t = key < t->key ? t->left : t->right;
  return t ? t->count : 0;
}

int tree_size(const struct tree *t) {
  return t ? 1 + tree_size(t->left) + tree_size(t->right) : 0;
}

void tree_print(const struct tree *t) {
  if (!t)
    return;
  tree_print(t->left);
  printf("%d x%d\n", t->key, t->count);
  tree_print(t->right);
}

void tree_free(struct tree *t) {
  if (!t)
    return;
  tree_free(t->left);
  tree_free(t->right);
  free(t);
}
