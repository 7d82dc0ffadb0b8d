/* A read-only walk whose field reads sit in macro arguments (an assert through a macro of
   the program): rewritten in place, and the walk still receives the base (const). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"
#line 6
#define CHECK(e) assert(e)
struct node { int val; struct node *next; };

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    int val;
    pc_idx32 next;
};
#line 8
static int sum_pc32(const struct node_pc32 *P_n_base, pc_idx32 n) {
    int s = 0;
    for (; n; n = P_n_base[n].next) {
        ((void)sizeof ((P_n_base[n].val >= 0) ? 1 : 0) , __extension__ ({ if (P_n_base[n].val >= 0) ; else __assert_fail("n->val >= 0", __FILE__, 11, __extension__ PC_PRETTY_FUNCTION("sum", "int sum(struct node *)")); }));
        s += P_n_base[n].val;
    }
    return s;
}
int main(void) {
    pc_pool P_h = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:17 h)");
    struct node_pc32 *const P_h_base = pc_base(&P_h);
#line 17
    pc_idx32 h = 0;
    for (int i = 0; i < 10; i++) { pc_idx32 x = pc_alloc(&P_h, 1); P_h_base[x].val = i; P_h_base[x].next = h; h = x; }
    printf("%d\n", sum_pc32(P_h_base, h));
    while (h) { pc_idx32 x = P_h_base[h].next; pc_free(&P_h, h); h = x; }
    pc_pool_destroy(&P_h);
#line 21
    return 0;
}
