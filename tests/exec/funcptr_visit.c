/* Function pointers that never see the structure: a tree walk calls visitor functions
   with plain integers and a pointer to a stack accumulator, chosen from a table. The
   indirect calls pass no pools, so the tree is indexed as usual. */
// EXPECT: {"type": "struct bnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct bnode {
    int key;
    struct bnode *l, *r;
};

struct acc {
    long sum;
    long count;
    int max;
};

typedef void (*visit_fn)(int key, int depth, struct acc *acc);

static unsigned long long seed = 555;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void v_sum(int key, int depth, struct acc *acc) {
    acc->sum += key;
    acc->count += depth;
}

static void v_max(int key, int depth, struct acc *acc) {
    (void)depth;
    if (key > acc->max)
        acc->max = key;
    acc->count++;
}

static void v_weighted(int key, int depth, struct acc *acc) {
    acc->sum += (long)key * (depth + 1);
    acc->count += key & 1;
}

static struct bnode *insert(struct bnode *t, int key) {
    if (t == NULL) {
        t = malloc(sizeof(struct bnode));
        t->key = key;
        t->l = t->r = NULL;
        return t;
    }
    if (key < t->key)
        t->l = insert(t->l, key);
    else if (key > t->key)
        t->r = insert(t->r, key);
    return t;
}

static void walk(const struct bnode *t, int depth, visit_fn fn, struct acc *acc) {
    if (!t)
        return;
    walk(t->l, depth + 1, fn, acc);
    fn(t->key, depth, acc);
    walk(t->r, depth + 1, fn, acc);
}

static void release(struct bnode *t) {
    if (t) {
        release(t->l);
        release(t->r);
        free(t);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4000;
    struct bnode *root = NULL;
    for (int i = 0; i < n; i++)
        root = insert(root, (int)(lcg() % 50000));
    static const visit_fn visitors[] = {v_sum, v_max, v_weighted};
    for (int k = 0; k < 3; k++) {
        struct acc a = {0, 0, -1};
        walk(root, 0, visitors[k], &a);
        printf("visitor %d: sum=%ld count=%ld max=%d\n", k, a.sum, a.count, a.max);
    }
    release(root);
    return 0;
}
