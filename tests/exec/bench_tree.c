/* Mini-benchmark: a binary search tree of 100k nodes with random keys (duplicates counted
   in place), recursive height and sum, an iterative range count, deletion of every leaf
   by a post-order walk, and a free of the rest. */
// EXPECT: {"type": "struct bt", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct bt {
    unsigned key;
    unsigned dup;
    struct bt *left;
    struct bt *right;
};

static unsigned long long seed = 100000;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct bt *insert(struct bt *root, unsigned key, int *created) {
    struct bt *parent = NULL, *cur = root;
    while (cur) {
        if (key == cur->key) {
            cur->dup++;
            return root;
        }
        parent = cur;
        cur = key < cur->key ? cur->left : cur->right;
    }
    struct bt *n = malloc(sizeof *n);
    n->key = key;
    n->dup = 0;
    n->left = n->right = NULL;
    (*created)++;
    if (!parent)
        return n;
    if (key < parent->key)
        parent->left = n;
    else
        parent->right = n;
    return root;
}

static int height(const struct bt *t) {
    if (!t)
        return 0;
    int a = height(t->left), b = height(t->right);
    return 1 + (a > b ? a : b);
}

static unsigned long long sum(const struct bt *t) {
    return t ? t->key + (unsigned long long)t->dup + sum(t->left) + sum(t->right) : 0;
}

static long range_count(const struct bt *t, unsigned lo, unsigned hi) {
    long c = 0;
    while (t) {
        if (t->key < lo) {
            t = t->right;
        } else if (t->key > hi) {
            t = t->left;
        } else {
            c += 1 + range_count(t->left, lo, hi);
            t = t->right;
        }
    }
    return c;
}

static struct bt *drop_leaves(struct bt *t, long *dropped) {
    if (!t)
        return NULL;
    if (!t->left && !t->right) {
        free(t);
        (*dropped)++;
        return NULL;
    }
    t->left = drop_leaves(t->left, dropped);
    t->right = drop_leaves(t->right, dropped);
    return t;
}

static void destroy(struct bt *t) {
    while (t) {
        destroy(t->left);
        struct bt *r = t->right;
        free(t);
        t = r;
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    struct bt *root = NULL;
    int created = 0;
    for (int i = 0; i < n; i++)
        root = insert(root, lcg() % 1000000u, &created);
    printf("created=%d height=%d sum=%llu\n", created, height(root), sum(root));
    long rc = 0;
    for (int q = 0; q < 1000; q++) {
        unsigned lo = lcg() % 1000000u;
        rc += range_count(root, lo, lo + 5000);
    }
    long dropped = 0;
    root = drop_leaves(root, &dropped);
    printf("range=%ld dropped=%ld height=%d sum=%llu\n", rc, dropped, height(root), sum(root));
    destroy(root);
    return 0;
}
