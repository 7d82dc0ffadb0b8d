/* A union of two pointers to the same struct inside a node (a tree node whose second
   pointer is the parent while it is in the tree and the next free node once it is on the
   free list): every member has one type, so every access agrees, and the union gets a
   layout of its own (`union link_pc32 { pc_idx32 parent; pc_idx32 next_free; }`); an
   anonymous union of the same kind is declared inline. */
// EXPECT: {"type": "struct tnode", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 10
struct tnode;

union link {
    struct tnode *parent;
    struct tnode *next_free;
};

/* ptrcomp: union link with pointers into pools stored as indices */
union link_pc32 {
    pc_idx32 parent;
    pc_idx32 next_free;
};

#line 17
struct tnode {
    int key;
    struct tnode *left, *right;
    union link up;
    union {
        struct tnode *succ;
        struct tnode *pred;
    };
};

/* ptrcomp: struct tnode with pointers into pools stored as indices */
struct tnode_pc32 {
    int key;
    pc_idx32 left;
    pc_idx32 right;
    union link_pc32 up;
    union {
        pc_idx32 succ;
        pc_idx32 pred;
    } ;
};

#line 27
static pc_idx32 insert_pc32(struct tnode_pc32 *P_root_base, pc_idx32 root, pc_idx32 n)
{
    pc_idx32 p = 0; pc_idx32 c = root;
    while (c) {
        p = c;
        c = P_root_base[n].key < P_root_base[c].key ? P_root_base[c].left : P_root_base[c].right;
    }
    P_root_base[n].up.parent = p;
    if (!p)
        return n;
    if (P_root_base[n].key < P_root_base[p].key)
        P_root_base[p].left = n;
    else
        P_root_base[p].right = n;
    return root;
}

static int depth_pc32(const struct tnode_pc32 *P_n_base, pc_idx32 n)
{
    int d = 0;
    while (P_n_base[n].up.parent) {
        n = P_n_base[n].up.parent;
        d++;
    }
    return d;
}

int main(void)
{
    pc_pool P_root = PC_POOL_INIT(sizeof(struct tnode_pc32), 32, "struct tnode (input.c:56 root)");
    struct tnode_pc32 *const P_root_base = pc_base(&P_root);
#line 56
    pc_idx32 root = 0; pc_idx32 all[64];
    unsigned s = 7;
    for (int i = 0; i < 64; i++) {
        pc_idx32 n = pc_calloc(&P_root, 1);
        s = s * 1103515245u + 12345u;
        P_root_base[n].key = (int)(s >> 16) % 500;
        all[i] = n;
        P_root_base[n].succ = i ? all[i - 1] : 0;
        root = insert_pc32(P_root_base, root, n);
    }
    long sum = 0;
    for (int i = 0; i < 64; i++)
        sum += depth_pc32(P_root_base, all[i]) * (i + 1) + (P_root_base[all[i]].pred ? P_root_base[P_root_base[all[i]].pred].key : -1);
    /* the free list reuses the union */
    pc_idx32 free_list = 0;
    for (int i = 0; i < 64; i++) {
        P_root_base[all[i]].up.next_free = free_list;
        free_list = all[i];
    }
    int count = 0;
    while (free_list) {
        pc_idx32 n = free_list;
        free_list = P_root_base[n].up.next_free;
        pc_free(&P_root, n);
        count++;
    }
    printf("%ld %d\n", sum, count);
    pc_pool_destroy(&P_root);
#line 83
    return 0;
}
