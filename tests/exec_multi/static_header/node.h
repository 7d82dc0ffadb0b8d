#ifndef NODE_H
#define NODE_H

struct node {
    int v;
    struct node *next;
};

int b_count(const struct node *l);

#endif
