/* Integers made from addresses are tracked as data (analysis/AddressIntegers.h): the
   nodes of an array are numbered by `(at - start) / sizeof(struct node)`, with the
   addresses converted in one place and subtracted in another, through local variables,
   function parameters (index_of) and a struct field (index_ctx), and ordered with `<`.
   That measures the bytes between objects, so the nodes keep their original layout
   (collapsed: 64-bit indices, same layout), and the numbers are the original's (with a
   compressed layout they were 0,0,1,1,2,...). A key only hashed keeps the layout
   compressed: tests/exec/address_integers_aligned.c. */
// EXPECT: {"type": "struct node", "owner": "run", "compressed": false, "reason": "collapsed: the bytes between two of its objects are measured from their addresses as integers"}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct ctx {
    uintptr_t start;
};

static unsigned index_of(uintptr_t start, uintptr_t at) {
    return (unsigned)((at - start) / sizeof(struct node));
}

static unsigned index_ctx(const struct ctx *c, struct node *p) {
    return (unsigned)(((uintptr_t)p - c->start) / sizeof(struct node));
}

static long run(int n) {
    struct node *arr = malloc(n * sizeof(struct node));
    for (int i = 0; i < n; i++) {      /* visit order 0, 5, 10, 3, ... (5 coprime to n) */
        int at = i * 5 % n;
        arr[at].v = i * 3;
        arr[at].next = i + 1 < n ? &arr[(i + 1) * 5 % n] : NULL;
    }
    uintptr_t start = (uintptr_t)arr;
    struct ctx c = { start };
    long sum = 0;
    int before = 0;
    for (struct node *p = arr; p; p = p->next) {
        uintptr_t at = (uintptr_t)p;
        unsigned k = (at - start) / sizeof(struct node);
        unsigned k2 = index_of(start, at);
        unsigned k3 = index_ctx(&c, p);
        if (k != k2 || k != k3) printf("mismatch %u %u %u\n", k, k2, k3);
        if (at < (uintptr_t)&arr[n / 2]) before++;
        sum += (long)k * p->v;
        printf("%u%c", k, p->next ? ' ' : '\n');
    }
    printf("before middle: %d\n", before);
    free(arr);
    return sum;
}

int main(void) {
    printf("sum %ld\n", run(12));
    return 0;
}
