/* Accessor macros whose bodies touch the list: each use that changes is written as the
   macro's expansion, rewritten; the #defines stay as they are. */
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
#define NEXT(n) ((n)->next)
#define VAL(n) ((n)->val)
#define PUSH(head, n) do { NEXT(n) = (head); (head) = (n); } while (0)

static long sum_pc32(const struct node_pc32 *P_l_base, pc_idx32 l) {
    long s = 0;
    for (; l; l = (P_l_base[(l)].next))
        s += (P_l_base[(l)].val);
    return s;
}

int main(void) {
    pc_pool P_head = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:23 head)");
    struct node_pc32 *const P_head_base = pc_base(&P_head);
#line 23
    pc_idx32 head = 0;
    for (int i = 0; i < 10; i++) {
        pc_idx32 n = pc_alloc(&P_head, 1);
        (P_head_base[(n)].val) = i * i;
        do { (P_head_base[(n)].next) = (head); (head) = (n); } while (0);
    }
    printf("%ld\n", sum_pc32(P_head_base, head));
    while (head) {
        pc_idx32 next = (P_head_base[(head)].next);
        pc_free(&P_head, head);
        head = next;
    }
    pc_pool_destroy(&P_head);
#line 35
    return 0;
}
