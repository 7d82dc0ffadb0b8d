/* Allocation side: the only malloc of the program. */
#include <stdlib.h>

#include "node.h"

struct node *g_root;

struct node *node_new(int v, struct node *next) {
    struct node *n = malloc(sizeof *n); // @new
    n->v = v;
    n->next = next;
    return n;
}
