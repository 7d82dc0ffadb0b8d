/* A C99 inline function in a header: every file that includes node.h has an inline
   definition of node_val, and a.c's `extern inline` declaration makes a.c's the external
   definition (C99 6.7.4). Its clone must keep that: an inline definition here (its local
   version, static inline), the external definition (its entry) in a.c only, or the
   program does not link. */
#ifndef NODE_H
#define NODE_H

struct node {
    int v;
    struct node *next;
};

inline int node_val(struct node *n) { return n->v; }

long sum_a(struct node *l);
long sum_b(struct node *l);

#endif
