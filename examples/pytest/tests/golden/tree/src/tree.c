/* A word-frequency tree (compressed by ptrcomp) and a table of records sorted with qsort
   (left unchanged: qsort is code ptrcomp cannot see). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptrcomp_rt.h"

#line 7
struct node {
    unsigned key;
    int count;
    struct node *left, *right;
};

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    unsigned int key;
    int count;
    pc_idx32 left;
    pc_idx32 right;
};

#line 13
struct rec {
    unsigned key;
    int count;
};

static pc_idx32 insert_pc32(pc_pool *P_t, pc_idx32 t, unsigned key) {
    struct node_pc32 *const P_t_base = pc_base(P_t);
#line 19
    if (t == 0) {
        t = pc_alloc(P_t, 1);
        P_t_base[t].key = key;
        P_t_base[t].count = 1;
        P_t_base[t].left = P_t_base[t].right = 0;
    } else if (key < P_t_base[t].key) {
        P_t_base[t].left = insert_pc32(P_t, P_t_base[t].left, key);
    } else if (key > P_t_base[t].key) {
        P_t_base[t].right = insert_pc32(P_t, P_t_base[t].right, key);
    } else {
        P_t_base[t].count++;
    }
    return t;
}

static int size_pc32(const struct node_pc32 *P_t_base, pc_idx32 t) {
    return t ? size_pc32(P_t_base, P_t_base[t].left) + 1 + size_pc32(P_t_base, P_t_base[t].right) : 0;
}

static void collect_pc32(const struct node_pc32 *P_t_base, pc_idx32 t, struct rec **out, int *n) {
    if (t == 0)
        return;
    collect_pc32(P_t_base, P_t_base[t].left, out, n);
    struct rec *r = malloc(sizeof *r);
    r->key = P_t_base[t].key;
    r->count = P_t_base[t].count;
    out[(*n)++] = r;
    collect_pc32(P_t_base, P_t_base[t].right, out, n);
}

static void destroy_pc32(pc_pool *P_t, pc_idx32 t) {
    struct node_pc32 *const P_t_base = pc_base(P_t);
#line 50
    if (t == 0)
        return;
    destroy_pc32(P_t, P_t_base[t].left);
    destroy_pc32(P_t, P_t_base[t].right);
    pc_free(P_t, t);
}

static int by_count(const void *a, const void *b) {
    const struct rec *x = *(struct rec *const *)a, *y = *(struct rec *const *)b;
    if (x->count != y->count)
        return y->count - x->count;
    return x->key < y->key ? -1 : x->key > y->key;
}

int main(int argc, char **argv) {
    pc_pool P_t = PC_POOL_INIT(sizeof(struct node_pc32), 32, "struct node (tree.c:67 t)");
    struct node_pc32 *const P_t_base = pc_base(&P_t);
#line 65
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    unsigned seed = 12345;
    pc_idx32 t = 0;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1103515245u + 12345u;
        t = insert_pc32(&P_t, t, (seed >> 16) % 97);
    }
    int distinct = size_pc32(P_t_base, t);
    struct rec **recs = malloc(sizeof *recs * (distinct ? distinct : 1));
    int m = 0;
    collect_pc32(P_t_base, t, recs, &m);
    qsort(recs, m, sizeof *recs, by_count);
    printf("%d keys, %d distinct\n", n, distinct);
    for (int i = 0; i < 3 && i < m; ++i)
        printf("key %u seen %d times\n", recs[i]->key, recs[i]->count);
    for (int i = 0; i < m; ++i)
        free(recs[i]);
    free(recs);
    destroy_pc32(&P_t, t);
    pc_pool_destroy(&P_t);
#line 84
    return 0;
}
