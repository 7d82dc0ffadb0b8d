#include "node.h"

long sum_b(struct node *l) {
    long s = 0;
    for (; l; l = l->next)
        s += 3L * node_val(l) + 1;
    return s;
}
