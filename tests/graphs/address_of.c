/* '&' of locals, of pointer locals and of fields (interior pointers keep the target offset). */
#include <stdlib.h>

struct rec {
    struct rec *next;
    int count; /* offset 8 */
};

struct ref {
    int *where;
};

int main(void) {
    int x = 1;
    int *px = &x;
    struct rec *r = malloc(sizeof *r); // @r
    r->next = NULL;
    r->count = 0;
    struct rec **prr = &r;
    int *pc = &r->count;
    *pc = 5;
    struct ref *h = malloc(sizeof *h); // @h
    h->where = &r->count;
    (*prr)->count += *px;
    return *h->where + x;
}
