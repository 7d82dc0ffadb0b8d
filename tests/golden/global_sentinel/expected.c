/* A binary search tree whose empty subtrees all point to one global sentinel, as many
   red-black trees do: `nil` moves into the tree's pool as its object 1. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 6
struct tnode {
    struct tnode *left, *right;
    int key;
};

/* ptrcomp: struct tnode with pointers into pools stored as indices */
struct tnode_pc32 {
    pc_idx32 left;
    pc_idx32 right;
    int key;
};

#line 11
enum { nil = 1 /* ptrcomp: object 1 of pool P_nil */ };

/* ptrcomp: pool of the struct tnode objects reachable from global variables; its first objects are nil */
pc_pool P_nil = PC_POOL_INIT_STATICS(sizeof(struct tnode_pc32), 32, "struct tnode (global nil)", 1);

#line 13
static pc_idx32 insert_pc32(pc_idx32 t, int key) {
    struct tnode_pc32 *const P_nil_base = pc_base(&P_nil);
#line 14
    if (t == nil) {
        t = pc_alloc(&P_nil, 1);
        if (!t)
            exit(1);
        P_nil_base[t].left = P_nil_base[t].right = nil;
        P_nil_base[t].key = key;
    } else if (key < P_nil_base[t].key) {
        P_nil_base[t].left = insert_pc32(P_nil_base[t].left, key);
    } else {
        P_nil_base[t].right = insert_pc32(P_nil_base[t].right, key);
    }
    return t;
}

static int depth_pc32(pc_idx32 t) {
    struct tnode_pc32 *const P_nil_base = pc_base(&P_nil);
#line 29
    if (t == nil)
        return 0;
    int l = depth_pc32(P_nil_base[t].left), r = depth_pc32(P_nil_base[t].right);
    return 1 + (l > r ? l : r);
}

static void release_pc32(pc_idx32 t) {
    struct tnode_pc32 *const P_nil_base = pc_base(&P_nil);
#line 36
    if (t != nil) {
        release_pc32(P_nil_base[t].left);
        release_pc32(P_nil_base[t].right);
        pc_free(&P_nil, t);
    }
}

int main(void) {
    struct tnode_pc32 *const P_nil_base = pc_base(&P_nil);
#line 44
    pc_idx32 root = nil;
    P_nil_base[nil].key = -1;
    for (int i = 0; i < 100; i++)
        root = insert_pc32(root, (i * 37) % 101);
    printf("depth %d, nil key %d, %zu bytes a node\n", depth_pc32(root), P_nil_base[nil].key, sizeof(struct tnode));
    release_pc32(root);
    return 0;
}
