/* Two struct types that point to each other: two nodes with edges both ways. */
#include <stdlib.h>

struct dept;

struct emp {
    int id;
    struct dept *dept; /* offset 8 */
    struct emp *next;  /* offset 16; sizeof 24 */
};

struct dept {
    struct emp *staff; /* offset 0 */
    double budget;     /* sizeof 16 */
};

int main(void) {
    struct dept *d = malloc(sizeof *d); // @d
    d->staff = NULL;
    d->budget = 1.0;
    for (int i = 0; i < 3; i++) {
        struct emp *e = malloc(sizeof *e); // @e
        e->id = i;
        e->dept = d;
        e->next = d->staff;
        d->staff = e;
    }
    struct emp *first = d->staff;
    return first->dept == d;
}
