/* The one struct type shared by both translation units. */
#ifndef NODE_H
#define NODE_H

struct node {
    int v;
    struct node *next; /* offset 8 */
};

struct node *node_new(int v, struct node *next);
int node_sum(const struct node *n);

extern struct node *g_root;

#endif
