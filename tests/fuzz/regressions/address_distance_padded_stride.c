/* linked generator with idioms (addr-integers), seeds 55 and 166 of `--count 200`:
   mismatch. Reduced by hand: `((uintptr_t)p - start) / sizeof(struct elem)` over the
   nodes of one calloc'd array prints each node's index. ptrcomp leaves the struct's
   layout (40 bytes) as the report says ("the bytes between two of its objects are
   measured from their addresses as integers"), but pads the pool's objects to 48 bytes
   (a multiple of malloc's alignment, because addresses become integers), so the
   distance between two elements of the array is no longer a multiple of sizeof(struct
   elem) and the indices printed differ. Fixed: objects allocated as arrays whose
   addresses become integers stay unchanged unless their size is one malloc aligns
   (analysis/Plan.cpp). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct elem {
    unsigned key;
    struct elem *next;
    long a;
    long b;
    double c;
};

int main(void)
{
    unsigned m = 7u, i;
    struct elem *a = calloc(m, sizeof *a);
    struct elem *p;
    uintptr_t start;
    if (!a)
        return 2;
    start = (uintptr_t)a;
    for (i = 0; i < m; i++) {
        a[i].key = i * 3u;
        a[i].next = &a[(i * 3u + 1u) % m];
    }
    for (p = a, i = 0; i < m; i++, p = p->next)
        printf("%u: index %u\n", p->key, (unsigned)(((uintptr_t)p - start) / sizeof(struct elem)));
    free(a);
    return 0;
}
