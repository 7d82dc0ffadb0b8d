/* A pointer that goes through an integer and back (a tagged parent pointer, as in red-black
   trees) still meets the objects it came from: what is stored through the pointer made from
   the integer is seen through the original pointer. */
#include <stdint.h>
#include <stdlib.h>

struct payload {
    int v;
};

struct tn {
    uintptr_t parent_color;
    struct tn *left;
    struct payload *data;
};

static struct tn *parent(struct tn *n) {
    return (struct tn *)(n->parent_color & ~(uintptr_t)3); // @i2p
}

static void set_parent(struct tn *n, struct tn *p) {
    n->parent_color = (uintptr_t)p | (n->parent_color & 3); // @p2i
}

int main(void) {
    struct tn *a = malloc(sizeof *a); // @a
    struct tn *b = malloc(sizeof *b); // @b
    a->parent_color = 0;
    a->left = NULL;
    a->data = NULL;
    b->parent_color = 1;
    b->left = NULL;
    b->data = NULL;
    set_parent(b, a);
    struct payload *p = malloc(sizeof *p); // @p
    p->v = 7;
    parent(b)->data = p;
    struct payload *q = a->data;
    return q ? q->v : 0;
}
