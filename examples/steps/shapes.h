/* A tiny multi-file program for the step mode's Makefile: a list of shapes built in
   shapes.c, sorted into a binary tree in tree.c, walked in main.c. */
#ifndef SHAPES_H
#define SHAPES_H

struct shape {
    int kind;
    long area;
    struct shape *next;
};

struct node {
    struct shape *shape;
    struct node *left, *right;
};

struct shape *make_shapes(int n, unsigned seed);
void free_shapes(struct shape *s);
struct node *insert(struct node *t, struct shape *s);
long weighted_sum(const struct node *t, int depth);
void free_tree(struct node *t);

#endif
