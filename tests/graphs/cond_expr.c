/* c ? p : q unifies p and q. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

int main(int argc, char **argv) {
    (void)argv;
    struct node *a = malloc(sizeof *a); // @a
    struct node *b = malloc(sizeof *b); // @b
    struct node *c = malloc(sizeof *c); // @c
    a->v = 1;
    b->v = 2;
    c->v = 3;
    c->next = NULL;
    struct node *pick = argc > 1 ? a : b;
    return pick->v + c->v;
}
