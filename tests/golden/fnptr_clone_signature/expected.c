/* A comparator typedef passed to the program's own search: the comparators get clones
   with one signature (the pool first), the typedef takes that signature, the table of
   comparators names the clones and the call through the pointer passes the pool. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 7
struct node {
    int key;
    struct node *next;
};

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    int key;
    pc_idx32 next;
};

#line 12
typedef int (*better_fn)(pc_pool *, pc_pool *, pc_idx32, pc_idx32);

static int smaller_pc32(pc_pool *P_a, pc_pool *P_b, pc_idx32 a, pc_idx32 b) {
    struct node_pc32 *const P_a_base = pc_base(P_a);
#line 14
    struct node_pc32 *const P_b_base = pc_base(P_b); return P_a_base[a].key < P_b_base[b].key; }
static int larger_pc32(pc_pool *P_a, pc_pool *P_b, pc_idx32 a, pc_idx32 b) {
    struct node_pc32 *const P_a_base = pc_base(P_a);
#line 15
    struct node_pc32 *const P_b_base = pc_base(P_b); return P_a_base[a].key > P_b_base[b].key; }

static pc_idx32 best_pc32(pc_pool *P_l, pc_idx32 l, better_fn better) {
    struct node_pc32 *const P_l_base = pc_base(P_l);
#line 18
    pc_idx32 b = l;
    for (; l; l = P_l_base[l].next)
        if (better(P_l, P_l, l, b))
            b = l;
    return b;
}

int main(void) {
    pc_pool P_l = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:26 l)");
    struct node_pc32 *const P_l_base = pc_base(&P_l);
#line 26
    pc_idx32 l = 0;
    for (int i = 0; i < 10; i++) {
        pc_idx32 n = pc_alloc(&P_l, 1);
        P_l_base[n].key = (i * 7) % 10;
        P_l_base[n].next = l;
        l = n;
    }
    better_fn fns[2] = {smaller_pc32, larger_pc32};
    for (int k = 0; k < 2; k++)
        printf("%d\n", P_l_base[best_pc32(&P_l, l, fns[k])].key);
    while (l) {
        pc_idx32 next = P_l_base[l].next;
        pc_free(&P_l, l);
        l = next;
    }
    pc_pool_destroy(&P_l);
#line 41
    return 0;
}
