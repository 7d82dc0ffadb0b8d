/* A comma expression's value is its right operand; the left one is only evaluated. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

int main(void) {
    struct node *r = malloc(sizeof *r); // @r
    struct node *s = malloc(sizeof *s); // @s
    struct node *p, *q;
    r->v = 1;
    s->v = 2;
    p = (q = r, s);
    return p->v + q->v;
}
