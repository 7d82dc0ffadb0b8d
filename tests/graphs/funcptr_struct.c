/* A call through a function pointer stored in a struct field is resolved to its target. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct ops {
    struct node *(*make)(int);
};

static struct node *make_node(int v) {
    struct node *n = malloc(sizeof *n); // @mk
    n->v = v;
    n->next = NULL;
    return n;
}

int main(void) {
    struct ops ops = { make_node };
    struct node *a = ops.make(1);
    struct node *b = make_node(2);
    return a->v + b->v;
}
