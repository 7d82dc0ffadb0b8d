/* Whole-struct assignment *p = *q (and a struct initialised by copy) unifies the targets of
   the pointer fields, not the two structs themselves. */
#include <stdlib.h>

struct payload {
    int n;
};

struct box {
    int tag;
    struct payload *data; /* offset 8 */
};

int main(void) {
    struct box *p = malloc(sizeof *p); // @p
    struct box *q = malloc(sizeof *q); // @q
    q->tag = 1;
    q->data = malloc(sizeof *q->data); // @pq
    q->data->n = 7;
    p->tag = 0;
    p->data = malloc(sizeof *p->data); // @pp
    p->data->n = 0;
    *p = *q;
    struct box local = *q;
    return p->data->n + local.data->n + p->tag;
}
