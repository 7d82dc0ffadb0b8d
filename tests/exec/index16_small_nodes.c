/* A 16-bit pool of 4-byte objects holds 65,535 live nodes: a free slot's link is as wide
   as the pool's indices (runtime/ptrcomp_rt.h, PC_RT_UNIT), so each node takes one
   index. (With 8-byte links, a 4-byte node took two, and the pool was full at 32,767.) */
// PTRCOMP-ARGS: --index-bits=16
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 16, "size_after": 4}
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *next;
    short v;
};

static struct node *build(int n) {
    struct node *h = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof(struct node));
        if (!x) { printf("out of memory at %d\n", i); exit(1); }
        x->v = (short)(i % 1000);
        x->next = h;
        h = x;
    }
    return h;
}

int main(void) {
    struct node *h = build(65535);
    long s = 0;
    int len = 0;
    for (struct node *p = h; p; p = p->next) { s += p->v; len++; }
    printf("len %d sum %ld\n", len, s);
    while (h) { struct node *n = h->next; free(h); h = n; }
    return 0;
}
