/* Pools are named after the variable that points to their structure in the owner:
   several owners with a variable of the same name give P_list, P_list_2, P_list_3, ...,
   and a variable whose own name ends in such a suffix (list_2) gets the next free name
   of its own base. Each owner builds, sums and frees its own list. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 8
struct node {
    int value;
    struct node *next;
};

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    int value;
    pc_idx32 next;
};

#line 13
static pc_idx32 push_pc32(pc_pool *P_head, pc_pool *P_n, pc_idx32 head, int value) {
    struct node_pc32 *const P_n_base = pc_base(P_n);
    (void)P_head;
#line 14
    pc_idx32 n = pc_alloc(P_n, 1);
    if (!n)
        exit(1);
    P_n_base[n].value = value;
    P_n_base[n].next = head;
    return n;
}

static long drain_pc32(pc_pool *P_head, pc_idx32 head) {
    struct node_pc32 *const P_head_base = pc_base(P_head);
#line 23
    long sum = 0;
    while (head) {
        pc_idx32 next = P_head_base[head].next;
        sum += P_head_base[head].value;
        pc_free(P_head, head);
        head = next;
    }
    return sum;
}

static long first(int n) {
    pc_pool P_list = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:34 list)");
#line 34
    pc_idx32 list = 0;
    for (int i = 0; i < n; i++)
        list = push_pc32(&P_list, &P_list, list, i);
    { long ptrcomp_result = drain_pc32(&P_list, list); pc_pool_destroy(&P_list); return ptrcomp_result; }
}

static long second(int n) {
    pc_pool P_list_3 = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:41 list)");
#line 41
    pc_idx32 list = 0;
    for (int i = 0; i < n; i++)
        list = push_pc32(&P_list_3, &P_list_3, list, 2 * i);
    { long ptrcomp_result = drain_pc32(&P_list_3, list); pc_pool_destroy(&P_list_3); return ptrcomp_result; }
}

static long third(int n) {
    pc_pool P_list_2_2 = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:48 list_2)");
#line 48
    pc_idx32 list_2 = 0;
    for (int i = 0; i < n; i++)
        list_2 = push_pc32(&P_list_2_2, &P_list_2_2, list_2, 3 * i);
    { long ptrcomp_result = drain_pc32(&P_list_2_2, list_2); pc_pool_destroy(&P_list_2_2); return ptrcomp_result; }
}

static long fourth(int n) {
    pc_pool P_list_2 = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:55 list)");
#line 55
    pc_idx32 list = 0;
    for (int i = 0; i < n; i++)
        list = push_pc32(&P_list_2, &P_list_2, list, 4 * i);
    { long ptrcomp_result = drain_pc32(&P_list_2, list); pc_pool_destroy(&P_list_2); return ptrcomp_result; }
}

int main(void) {
    printf("%ld %ld %ld %ld\n", first(10), second(20), third(30), fourth(40));
    return 0;
}
