/* A struct pointer cast to a pointer to its first member's type (and back) is compatible:
   the node keeps the outer struct type. */
#include <stdlib.h>

struct base {
    int kind;
};

struct derived {
    struct base b; /* offset 0 */
    int extra;     /* offset 4 */
    struct derived *next; /* offset 8; sizeof 16 */
};

static int kind_of(struct base *bp) {
    return bp->kind;
}

int main(void) {
    struct derived *d = malloc(sizeof *d); // @d
    d->b.kind = 1;
    d->extra = 2;
    d->next = NULL;
    struct base *bp = (struct base *)d;
    int k = kind_of(bp);
    struct derived *back = (struct derived *)bp;
    int *kp = (int *)bp;
    return k + *kp + back->extra;
}
