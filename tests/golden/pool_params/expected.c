/* How versions receive their pools: a descriptor where they allocate or free, the base
   where they only reach objects (const where they only read). */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 6
struct node {
    int val;
    struct node *next;
};

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    int val;
    pc_idx32 next;
};

#line 11
static int is_empty_pc32(pc_pool *P_n, pc_idx32 n) {
#line 11
    (void)P_n; return n == 0; }

/* reads only: const base */
static int length_pc32(const struct node_pc32 *P_n_base, pc_idx32 n) {
    int k = 0;
    while (!is_empty_pc32(NULL, n)) {
        k++;
        n = P_n_base[n].next;
    }
    return k;
}

static long sum_pc32(const struct node_pc32 *P_n_base, pc_idx32 n) {
    long s = 0;
    for (; n; n = P_n_base[n].next)
        s += P_n_base[n].val;
    return s;
}

/* writes: base */
static void scale_pc32(struct node_pc32 *P_n_base, pc_idx32 n, int f) {
    for (; n; n = P_n_base[n].next)
        P_n_base[n].val *= f;
}

/* passes the pool on only: the base it receives */
static long report_pc32(const struct node_pc32 *P_n_base, pc_idx32 n) {
    printf("length %d\n", length_pc32(P_n_base, n));
    return sum_pc32(P_n_base, n);
}

/* allocates: descriptor; calls the readers with its own base */
static pc_idx32 push_pc32(pc_pool *P_head, pc_idx32 head, int v) {
    struct node_pc32 *const P_head_base = pc_base(P_head);
#line 44
    pc_idx32 n = pc_alloc(P_head, 1);
    P_head_base[n].val = v;
    P_head_base[n].next = head;
    if (length_pc32(P_head_base, head) % 2)
        scale_pc32(P_head_base, n, 2);
    return n;
}

static void release_pc32(pc_pool *P_n, pc_idx32 n) {
    struct node_pc32 *const P_n_base = pc_base(P_n);
#line 53
    while (n) {
        pc_idx32 next = P_n_base[n].next;
        pc_free(P_n, n);
        n = next;
    }
}

int main(int argc, char **argv) {
    pc_pool P_list = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:62 list)");
    struct node_pc32 *const P_list_base = pc_base(&P_list);
#line 61
    int count = argc > 1 ? atoi(argv[1]) : 10;
    pc_idx32 list = 0;
    for (int i = 0; i < count; i++)
        list = push_pc32(&P_list, list, i);
    scale_pc32(P_list_base, list, 3);
    long total = report_pc32(P_list_base, list);
    printf("sum %ld\n", total);
    release_pc32(&P_list, list);
    pc_pool_destroy(&P_list);
#line 69
    return 0;
}
