#ifndef SHAPES_H
#define SHAPES_H

struct cell {
    long value;
    struct cell *next;
};

struct node {
    int key;
    struct node *left, *right;
};

struct cell *make_cells(int n);
long sum_cells(struct cell *c);
void free_cells(struct cell *c);

struct node *insert_key(struct node *root, int key);
int count_nodes(struct node *root);
int tree_height(struct node *root);
void free_tree(struct node *root);

#endif
