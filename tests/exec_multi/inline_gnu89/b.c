#include "node.h"

/* With `inline` and without `extern`: under gnu89 rules this file's definition of
   node_val is the program's external one (b.c, not the first file, a.c). */
inline GNU_INLINE int node_val(struct node *n);

long sum_b(struct node *l) {
    long s = 0;
    for (; l; l = l->next)
        s += 3L * node_val(l) + 1;
    return s;
}
