/* p = q unifies the targets of p and q; objects never assigned to each other stay apart. */
#include <stdlib.h>

struct obj {
    long id;
    struct obj *peer;
};

int main(void) {
    struct obj *x = malloc(sizeof *x); // @x
    struct obj *y = malloc(sizeof *y); // @y
    struct obj *z = malloc(sizeof *z); // @z
    struct obj *p, *q;
    p = x;
    q = p;
    q->peer = y;
    y->peer = NULL;
    z->peer = z;
    x->id = 1;
    y->id = 2;
    z->id = 3;
    return (int)(p->id + q->peer->id + z->peer->id);
}
