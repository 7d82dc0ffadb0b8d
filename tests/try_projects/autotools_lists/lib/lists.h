/* A singly linked list of ints and a binary search tree of ints. */
#ifndef LISTS_H
#define LISTS_H
#include <stddef.h>

struct node {
  int value;
  struct node *next;
};

struct tree {
  int key;
  struct tree *left, *right;
};

struct node *list_push(struct node *head, int value);
struct node *list_reverse(struct node *head);
size_t list_length(const struct node *head);
long list_sum(const struct node *head);
void list_free(struct node *head);

struct tree *tree_insert(struct tree *t, int key);
int tree_contains(const struct tree *t, int key);
int tree_height(const struct tree *t);
void tree_free(struct tree *t);

#endif
