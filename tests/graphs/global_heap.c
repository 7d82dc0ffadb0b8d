/* A heap list hung off a global pointer appears in the globals graph with its allocation
   site; all objects reachable from one global share one node. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct node *g_list;

static void add(int v) {
    struct node *n = malloc(sizeof *n); // @add
    n->v = v;
    n->next = g_list;
    g_list = n;
}

int main(void) {
    add(1);
    add(2);
    int s = 0;
    for (struct node *it = g_list; it; it = it->next)
        s += it->v;
    return s;
}
