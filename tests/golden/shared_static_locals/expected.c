/* A function with static locals, written in two versions: the static locals are declared
   once, before the function, and both versions use them. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 6
struct node {
    int value;
    struct node *next;
};

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    int value;
    pc_idx32 next;
};

/* ptrcomp: the static locals of 'push', shared by its versions */
#line 13
static int calls = 0;
static int *last = &calls;
#line 11
static struct node *push(struct node *head, int value)
{


    struct node *n = malloc(sizeof *n);
    n->value = value + calls++ + *last;
    n->next = head;
    return n;
}

#line 11
static pc_idx32 push_pc32(pc_pool *P_head, pc_pool *P_n, pc_idx32 head, int value)
{
    struct node_pc32 *const P_n_base = pc_base(P_n);
    (void)P_head;


#line 15
    pc_idx32 n = pc_alloc(P_n, 1);
    P_n_base[n].value = value + calls++ + *last;
    P_n_base[n].next = head;
    return n;
}

static void drop(struct node *head)
{
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
}

#line 21
static void drop_pc32(pc_pool *P_head, pc_idx32 head)
{
    struct node_pc32 *const P_head_base = pc_base(P_head);
#line 23
    while (head) {
        pc_idx32 next = P_head_base[head].next;
        pc_free(P_head, head);
        head = next;
    }
}

int main(void)
{
    pc_pool P_compressed = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (input.c:32 compressed)");
    struct node_pc32 *const P_compressed_base = pc_base(&P_compressed);
#line 32
    struct node *kept = NULL; pc_idx32 compressed = 0;
    for (int i = 0; i < 4; i++) {
        compressed = push_pc32(&P_compressed, &P_compressed, compressed, i);
        kept = push(kept, i);
    }
    long sum = 0;
    for (pc_idx32 p = compressed; p; p = P_compressed_base[p].next)
        sum += P_compressed_base[p].value;
    for (struct node *p = kept; p; p = p->next)
        sum += 100 * p->value;
    printf("%ld\n", sum);
    /* an address made from an integer: this list stays as it is */
    kept = (struct node *)(unsigned long)kept;
    drop_pc32(&P_compressed, compressed);
    drop(kept);
    pc_pool_destroy(&P_compressed);
#line 47
    return 0;
}
