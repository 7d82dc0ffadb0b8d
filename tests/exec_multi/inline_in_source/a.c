#include "node.h"

inline int node_val(struct node *n) { return n->v * 3 - 1; }

long sum_a(struct node *l) {
    long s = 0;
    for (; l; l = l->next)
        s += node_val(l);
    return s;
}
