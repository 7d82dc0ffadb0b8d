/* A read-only recursive traversal, summed many times: compressed, its version must
   compile like the original (no call into the pool runtime, so gcc keeps inlining the
   recursion and clang can prove it pure and hoist it out of the loop). */
// SAME-CODE: tree_sum
#include <stdio.h>
#include <stdlib.h>

struct tree {
    int val;
    struct tree *left, *right;
};

static struct tree *build(int depth, int *next) {
    if (depth == 0)
        return NULL;
    struct tree *t = malloc(sizeof *t);
    t->val = (*next)++ % 1000;
    t->left = build(depth - 1, next);
    t->right = build(depth - 1, next);
    return t;
}

static long tree_sum(const struct tree *t) {
    if (t == NULL)
        return 0;
    return t->val + tree_sum(t->left) + tree_sum(t->right);
}

static void release(struct tree *t) {
    if (t == NULL)
        return;
    release(t->left);
    release(t->right);
    free(t);
}

int main(int argc, char **argv) {
    int depth = argc > 1 ? atoi(argv[1]) : 10;
    int passes = argc > 2 ? atoi(argv[2]) : 10;
    int next = 0;
    struct tree *root = build(depth, &next);
    long total = 0;
    for (int i = 0; i < passes; i++)
        total += tree_sum(root);
    printf("%ld\n", total);
    release(root);
    return 0;
}
