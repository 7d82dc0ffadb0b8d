/* Typedef names for structs and pointers: node types are spelled canonically. */
#include <stdlib.h>

typedef struct node Node;
typedef Node *NodePtr;
typedef int Value;

struct node {
    Value v;
    NodePtr next; /* offset 8 */
};

static NodePtr cons(Value v, NodePtr tail) {
    NodePtr n = malloc(sizeof *n); // @cons
    n->v = v;
    n->next = tail;
    return n;
}

int main(void) {
    NodePtr l = cons(1, cons(2, NULL));
    Node *m = l;
    Value *pv = &m->v;
    return *pv + l->next->v;
}
