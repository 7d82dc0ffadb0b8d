#include "node.h"

extern inline int node_val(struct node *n);

long sum_a(struct node *l) {
    long s = 0;
    for (; l; l = l->next)
        s += node_val(l);
    return s;
}
