/* Local arrays of node structs whose brace lists ptrcomp does not write again for a new
   layout: designated elements, and an element copied from a struct value. The nodes they
   point to stay unchanged, located at the list or the element. */
// EXPECT: {"type": "struct a", "pooled": false, "reason": "an array of structs initialised with designators at local_arrays_initialised_that_stay.c:13:25"}
// EXPECT: {"type": "struct b", "pooled": false, "reason": "an array element initialised with a struct value at local_arrays_initialised_that_stay.c:27:26"}
#include <stdio.h>
#include <stdlib.h>

struct a { int v; struct a *next; };
struct b { int v; struct b *next; };

static long designated(void) {
    struct a heads[3] = {[2] = {30, NULL}, [0] = {10, NULL}};
    struct a *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->v = 4;
    n->next = NULL;
    heads[1].next = n;
    long s = heads[0].v + heads[1].next->v + heads[2].v;
    free(n);
    return s;
}

static long copied(void) {
    struct b first = {7, NULL};
    struct b heads[2] = {first, {8, NULL}};
    struct b *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->v = 5;
    n->next = NULL;
    heads[1].next = n;
    long s = heads[0].v + heads[1].next->v;
    free(n);
    return s;
}

int main(void) {
    printf("%ld %ld\n", designated(), copied());
    return 0;
}
