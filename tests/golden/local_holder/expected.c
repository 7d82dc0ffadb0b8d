/* A queue whose head and tail live in a struct-typed local. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 5
struct qnode {
    int v;
    struct qnode *next;
};

/* ptrcomp: struct qnode with pointers into pools stored as indices */
struct qnode_pc32 {
    int v;
    pc_idx32 next;
};

#line 10
struct queue {
    struct qnode *head, *tail;
    int len;
};

/* ptrcomp: struct queue with pointers into pools stored as indices */
struct queue_pc32 {
    pc_idx32 head;
    pc_idx32 tail;
    int len;
};

#line 15
static void enqueue_pc32(pc_pool *P_n, struct queue_pc32 *q, int v)
{
    struct qnode_pc32 *const P_n_base = pc_base(P_n);
#line 17
    pc_idx32 n = pc_alloc(P_n, 1);
    P_n_base[n].v = v;
    P_n_base[n].next = 0;
    if (q->tail)
        P_n_base[q->tail].next = n;
    else
        q->head = n;
    q->tail = n;
    q->len++;
}

static int dequeue_pc32(pc_pool *P_n, struct queue_pc32 *q)
{
    struct qnode_pc32 *const P_n_base = pc_base(P_n);
#line 30
    pc_idx32 n = q->head;
    int v = P_n_base[n].v;
    q->head = P_n_base[n].next;
    if (!q->head)
        q->tail = 0;
    q->len--;
    pc_free(P_n, n);
    return v;
}

int main(void)
{
    pc_pool P_q = PC_POOL_INIT(sizeof(struct qnode_pc32), 32, "struct qnode (input.c:42 q)");
#line 42
    struct queue_pc32 q = {0, 0, 0};
    int sum = 0;
    for (int i = 0; i < 10; i++)
        enqueue_pc32(&P_q, &q, i);
    while (q.len)
        sum = sum * 3 + dequeue_pc32(&P_q, &q);
    printf("%d\n", sum);
    pc_pool_destroy(&P_q);
#line 49
    return 0;
}
