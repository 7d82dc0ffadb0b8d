/* Pool allocation only (--mode=poolalloc): a tree and a list each get a pool of their
   owner, pointers stay pointers. */
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct pnode", "owner": "build", "pooled": true, "indexed": false, "compressed": false}
// EXPECT: {"type": "struct qitem", "owner": "main", "pooled": true, "indexed": false, "compressed": false}
#include <stdio.h>
#include <stdlib.h>

struct pnode {
    int key;
    struct pnode *lo, *hi;
};

struct qitem {
    long v;
    struct qitem *next;
};

static unsigned long long seed = 73;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct pnode *put(struct pnode *t, int key) {
    if (!t) {
        t = malloc(sizeof *t);
        t->key = key;
        t->lo = t->hi = NULL;
        return t;
    }
    if (key < t->key)
        t->lo = put(t->lo, key);
    else if (key > t->key)
        t->hi = put(t->hi, key);
    return t;
}

static long total(struct pnode *t, int d) {
    return t ? t->key * (long)d + total(t->lo, d + 1) + total(t->hi, d + 1) : 0;
}

static void chop(struct pnode *t) {
    if (t) {
        chop(t->lo);
        chop(t->hi);
        free(t);
    }
}

static long build(int n) {
    struct pnode *root = NULL;
    for (int i = 0; i < n; i++)
        root = put(root, (int)(lcg() % 100000));
    long t = total(root, 1);
    chop(root);
    return t;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    struct qitem *q = NULL;
    for (int r = 0; r < 5; r++) {
        struct qitem *it = malloc(sizeof *it);
        it->v = build(n + r * 100);
        it->next = q;
        q = it;
    }
    for (struct qitem *it = q; it; it = it->next)
        printf("%ld\n", it->v);
    while (q) {
        struct qitem *next = q->next;
        free(q);
        q = next;
    }
    return 0;
}
