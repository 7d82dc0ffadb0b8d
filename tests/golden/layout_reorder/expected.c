/* A list node {char; pointer; int; char}: compressed in source order it would take 16
   bytes with padding, so its layout declares the members by alignment (12 bytes). */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 6
struct node {
    char c;
    struct node *next;
    int v;
    char d;
};

/* ptrcomp: struct node with pointers into pools stored as indices; members reordered by alignment: 16 -> 12 bytes */
struct node_pc32 {
    pc_idx32 next;
    int v;
    char c;
    char d;
};

#line 13
static pc_idx32 push_pc32(pc_pool *P_head, pc_pool *P_n, pc_idx32 head, int i) {
    struct node_pc32 *const P_n_base = pc_base(P_n);
    (void)P_head;
#line 14
    pc_idx32 n = pc_alloc(P_n, 1);
    P_n_base[n].c = (char)('a' + i % 26);
    P_n_base[n].next = head;
    P_n_base[n].v = i * i;
    P_n_base[n].d = (char)('A' + i % 26);
    return n;
}

int main(void) {
    pc_pool P_head = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:23 head)");
    struct node_pc32 *const P_head_base = pc_base(&P_head);
#line 23
    pc_idx32 head = 0;
    for (int i = 0; i < 50; i++)
        head = push_pc32(&P_head, &P_head, head, i);
    long sum = 0;
    for (pc_idx32 p = head; p; p = P_head_base[p].next)
        sum += P_head_base[p].c + P_head_base[p].v + P_head_base[p].d;
    printf("%ld\n", sum);
    while (head) {
        pc_idx32 next = P_head_base[head].next;
        pc_free(&P_head, head);
        head = next;
    }
    pc_pool_destroy(&P_head);
#line 35
    return 0;
}
