/* Two files of one program each define their own `struct node`: two types. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

int sum_b(void);

static struct node *make_a(void) {
    struct node *n = malloc(sizeof *n); // @a
    n->v = 1;
    n->next = n;
    return n;
}

int main(void) {
    struct node *n = make_a();
    return n->next->v + sum_b();
}
