/* A binary search tree of int keys, each with a count. */
#ifndef TREE_H
#define TREE_H

struct tree {
  int key;
  int count;
  struct tree *left, *right;
};

struct tree *tree_add(struct tree *t, int key);
int tree_count(const struct tree *t, int key);
int tree_size(const struct tree *t);
void tree_print(const struct tree *t);
void tree_free(struct tree *t);

#endif
