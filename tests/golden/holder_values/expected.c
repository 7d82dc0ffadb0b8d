/* A list header passed and returned by value (`struct list push(struct list l, int v)`):
   parameters, results and the caller's variable all become struct list_pc32, so the
   nodes are compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 8
struct node {
    int v;
    struct node *next;
};

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    int v;
    pc_idx32 next;
};

#line 13
struct list {
    struct node *head;
    int n;
};

/* ptrcomp: struct list with pointers into pools stored as indices */
struct list_pc32 {
    pc_idx32 head;
    int n;
};

#line 18
static struct list_pc32 push_pc32(pc_pool *P_l, struct list_pc32 l, int v)
{
    struct node_pc32 *const P_l_base = pc_base(P_l);
#line 20
    pc_idx32 n = pc_alloc(P_l, 1);
    P_l_base[n].v = v;
    P_l_base[n].next = l.head;
    l.head = n;
    l.n++;
    return l;
}

static long sum_pc32(const struct node_pc32 *P_l_base, const struct list_pc32 l)
{
    long s = 0;
    for (pc_idx32 p = l.head; p; p = P_l_base[p].next)
        s += P_l_base[p].v;
    return s;
}

static struct list_pc32 make_pc32(pc_pool *P_l, int k)
{
    struct list_pc32 l = {0, 0};
    for (int i = 0; i < k; i++)
        l = push_pc32(P_l, l, i * 3 + 1);
    return l;
}

static void drop_pc32(pc_pool *P_l, struct list_pc32 l)
{
    struct node_pc32 *const P_l_base = pc_base(P_l);
#line 46
    while (l.head) {
        pc_idx32 n = l.head;
        l.head = P_l_base[n].next;
        pc_free(P_l, n);
    }
}

int main(void)
{
    pc_pool P_node = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:20:22)");
    struct node_pc32 *const P_node_base = pc_base(&P_node);
#line 55
    struct list_pc32 a = make_pc32(&P_node, 100); struct list_pc32 b = make_pc32(&P_node, 7);
    b = push_pc32(&P_node, b, 1000);
    printf("%ld %d %ld %d\n", sum_pc32(P_node_base, a), a.n, sum_pc32(P_node_base, b), b.n);
    drop_pc32(&P_node, a);
    drop_pc32(&P_node, b);
    pc_pool_destroy(&P_node);
#line 60
    return 0;
}
