/* A list header embedded in each node of another list. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 5
struct item {
    int v;
    struct item *next;
};

/* ptrcomp: struct item with pointers into pools stored as indices */
struct item_pc32 {
    int v;
    pc_idx32 next;
};

#line 10
struct ilist {
    struct item *head;
    int count;
};

/* ptrcomp: struct ilist with pointers into pools stored as indices */
struct ilist_pc32 {
    pc_idx32 head;
    int count;
};

#line 15
struct bin {
    int id;
    struct ilist items;
    struct bin *next;
};

/* ptrcomp: struct bin with pointers into pools stored as indices */
struct bin_pc32 {
    int id;
    struct ilist_pc32 items;
    pc_idx32 next;
};

#line 21
static void push_pc32(pc_pool *P_it, struct ilist_pc32 *l, int v)
{
    struct item_pc32 *const P_it_base = pc_base(P_it);
#line 23
    pc_idx32 it = pc_alloc(P_it, 1);
    P_it_base[it].v = v;
    P_it_base[it].next = l->head;
    l->head = it;
    l->count++;
}

static long sum_pc32(const struct item_pc32 *P_it_base, const struct ilist_pc32 *l)
{
    long s = 0;
    for (pc_idx32 it = l->head; it; it = P_it_base[it].next)
        s += P_it_base[it].v;
    return s;
}

int main(void)
{
    pc_pool P_bins = PC_POOL_INIT(sizeof(struct bin_pc32), 32, "struct bin (input.c:40 bins)");
    pc_pool P_it = PC_POOL_INIT(sizeof(struct item_pc32), 32, "struct item (input.c:56 it)");
    struct bin_pc32 *const P_bins_base = pc_base(&P_bins);
    struct item_pc32 *const P_it_base = pc_base(&P_it);
#line 40
    pc_idx32 bins = 0;
    for (int i = 0; i < 3; i++) {
        pc_idx32 b = pc_alloc(&P_bins, 1);
        P_bins_base[b].id = i;
        P_bins_base[b].items.head = 0;
        P_bins_base[b].items.count = 0;
        P_bins_base[b].next = bins;
        bins = b;
        for (int k = 0; k <= i; k++)
            push_pc32(&P_it, &P_bins_base[b].items, k + i);
    }
    for (pc_idx32 b = bins; b; b = P_bins_base[b].next)
        printf("%d: %d %ld\n", P_bins_base[b].id, P_bins_base[b].items.count, sum_pc32(P_it_base, &P_bins_base[b].items));
    while (bins) {
        pc_idx32 n = P_bins_base[bins].next;
        while (P_bins_base[bins].items.head) {
            pc_idx32 it = P_bins_base[bins].items.head;
            P_bins_base[bins].items.head = P_it_base[it].next;
            pc_free(&P_it, it);
        }
        pc_free(&P_bins, bins);
        bins = n;
    }
    pc_pool_destroy(&P_it);
    pc_pool_destroy(&P_bins);
#line 63
    return 0;
}
