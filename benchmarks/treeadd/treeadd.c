/*
 * treeadd: build a complete binary tree of DEPTH levels (2^DEPTH - 1 nodes), then walk
 * it ITERS times, summing the node values recursively.
 *
 * usage: treeadd DEPTH [ITERS]
 */
#include <stdio.h>
#include <stdlib.h>

struct tree {
    int val;
    struct tree *left, *right;
};

static unsigned long long rng_state = 0x2545F4914F6CDD1DULL;

static unsigned rng_next(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (unsigned)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

static struct tree *build(int depth)
{
    struct tree *t;

    if (depth == 0)
        return NULL;
    t = malloc(sizeof(struct tree));
    if (t == NULL) {
        fprintf(stderr, "treeadd: out of memory\n");
        exit(1);
    }
    t->val = (int)(rng_next() % 1000);
    t->left = build(depth - 1);
    t->right = build(depth - 1);
    return t;
}

/* Sum of (val ^ salt) over the tree; the salt differs per pass so that no pass can be
 * folded into another. */
static long long tree_add(const struct tree *t, int salt)
{
    if (t == NULL)
        return 0;
    return (t->val ^ salt) + tree_add(t->left, salt) + tree_add(t->right, salt);
}

int main(int argc, char **argv)
{
    int depth = argc > 1 ? atoi(argv[1]) : 16;
    int iters = argc > 2 ? atoi(argv[2]) : 10;
    struct tree *root;
    long long total = 0;
    int i;

    if (depth < 1 || depth > 30 || iters < 1) {
        fprintf(stderr, "usage: treeadd DEPTH(1..30) [ITERS]\n");
        return 2;
    }
    root = build(depth);
    for (i = 0; i < iters; i++)
        total += tree_add(root, i & 7);
    printf("treeadd depth=%d iters=%d sum=%lld\n", depth, iters, total);
    return 0;
}
