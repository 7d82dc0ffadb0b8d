/* Objects whose addresses the program turns into integers keep the alignment malloc gives
   them (16 bytes): a visited set keyed by `(uintptr_t)p >> 4` must see 20 distinct nodes,
   and every address is a multiple of 16. The compressed layout (4 + 4 + 1 bytes, 12 with
   padding) is padded to 16 (analysis/Plan.cpp, MallocAligned; LayoutOrder.h); with a
   pool each 12 bytes apart, two nodes shared a key. This is
   tests/exec/address_integers_aligned.c in pool-allocation mode: the original 24-byte
   objects take 32 bytes each (PC_MALLOC_ALIGNED). */
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct node", "owner": "main", "pooled": true, "indexed": false}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
    char tag;
};

#define SLOTS 64

static int visit(uintptr_t *set, uintptr_t key) {
    unsigned h = (unsigned)(key * 2654435761u) % SLOTS;
    while (set[h] && set[h] != key)
        h = (h + 1) % SLOTS;
    if (set[h])
        return 0;
    set[h] = key;
    return 1;
}

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 20; i++) {
        struct node *n = malloc(sizeof *n);
        n->key = i;
        n->tag = (char)('a' + i);
        n->next = h;
        h = n;
    }
    uintptr_t set[SLOTS] = {0};
    int distinct = 0, aligned = 0;
    for (struct node *p = h; p; p = p->next) {
        distinct += visit(set, (uintptr_t)p >> 4);
        aligned += ((uintptr_t)p & 15) == 0;
    }
    printf("distinct %d, aligned %d\n", distinct, aligned);
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
