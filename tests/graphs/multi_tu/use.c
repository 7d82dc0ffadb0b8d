/* Use side: builds two lists with node_new from the other file and hangs one off g_root. */
#include <stddef.h>

#include "node.h"

int node_sum(const struct node *n) {
    int s = 0;
    for (; n; n = n->next)
        s += n->v;
    return s;
}

int main(void) {
    struct node *a = node_new(1, node_new(2, NULL));
    struct node *b = node_new(3, NULL);
    g_root = b;
    return node_sum(a) + node_sum(g_root);
}
