#include "node.h"

long sum_a(struct node *l) {
    long s = 0;
    for (; l; l = l->next)
        s += node_val(l);
    return s;
}
