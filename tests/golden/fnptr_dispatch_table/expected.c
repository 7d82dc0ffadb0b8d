/* A dispatch table: a struct of function pointers whose types are spelled out, and a
   static table initialised with two implementations. The members take the clones'
   signature (the pool first, the list as an index) and the table names the clones. */
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
struct list_ops {
    const char *name;
    long (*fold)(pc_pool *, pc_idx32, long init);
    int (*count_if)(pc_pool *, pc_idx32, int min);
};

static long fold_sum_pc32(pc_pool *P_l, pc_idx32 l, long init) {
    struct node_pc32 *const P_l_base = pc_base(P_l);
#line 19
    for (; l; l = P_l_base[l].next)
        init += P_l_base[l].key;
    return init;
}

static long fold_max_pc32(pc_pool *P_l, pc_idx32 l, long init) {
    struct node_pc32 *const P_l_base = pc_base(P_l);
#line 25
    for (; l; l = P_l_base[l].next)
        if (P_l_base[l].key > init)
            init = P_l_base[l].key;
    return init;
}

static int count_at_least_pc32(pc_pool *P_l, pc_idx32 l, int min) {
    struct node_pc32 *const P_l_base = pc_base(P_l);
#line 32
    int c = 0;
    for (; l; l = P_l_base[l].next)
        c += P_l_base[l].key >= min;
    return c;
}

static const struct list_ops ops[2] = {
    {"sum", fold_sum_pc32, count_at_least_pc32},
    {"max", fold_max_pc32, count_at_least_pc32},
};

int main(void) {
    pc_pool P_l = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:44 l)");
    struct node_pc32 *const P_l_base = pc_base(&P_l);
#line 44
    pc_idx32 l = 0;
    for (int i = 0; i < 10; i++) {
        pc_idx32 n = pc_alloc(&P_l, 1);
        P_l_base[n].key = (i * 7) % 10;
        P_l_base[n].next = l;
        l = n;
    }
    for (int k = 0; k < 2; k++)
        printf("%s: %ld %d\n", ops[k].name, ops[k].fold(&P_l, l, 0), ops[k].count_if(&P_l, l, 5));
    while (l) {
        pc_idx32 next = P_l_base[l].next;
        pc_free(&P_l, l);
        l = next;
    }
    pc_pool_destroy(&P_l);
#line 58
    return 0;
}
