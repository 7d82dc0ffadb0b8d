/*
 * binary-trees: allocation-heavy tree workload. One long-lived complete binary tree of
 * depth MAXDEPTH stays alive for the whole run. Beside it, for depths 4, 6, ...,
 * MAXDEPTH, many short-lived trees of that depth are built, checked (their nodes
 * counted) and freed again: 2^(MAXDEPTH - depth + 1) of them, so that every depth
 * allocates about as many nodes as the long-lived tree holds. Finally the long-lived
 * tree is checked too.
 *
 * usage: binary-trees MAXDEPTH
 */
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    struct tnode *left, *right;
};

static struct tnode *make(int depth)
{
    struct tnode *t = malloc(sizeof *t);
    if (t == NULL) {
        fprintf(stderr, "binary-trees: out of memory\n");
        exit(1);
    }
    if (depth > 0) {
        t->left = make(depth - 1);
        t->right = make(depth - 1);
    } else {
        t->left = t->right = NULL;
    }
    return t;
}

/* Number of nodes, weighted by position so that a mis-linked tree gives another sum. */
static unsigned long long check(const struct tnode *t, unsigned long long pos)
{
    if (t->left == NULL)
        return pos;
    return pos + check(t->left, 2 * pos) - check(t->right, 2 * pos + 1);
}

static void release(struct tnode *t)
{
    if (t->left != NULL) {
        release(t->left);
        release(t->right);
    }
    free(t);
}

int main(int argc, char **argv)
{
    int max_depth = argc > 1 ? atoi(argv[1]) : 10;
    struct tnode *long_lived;
    unsigned long long hash = 0;
    long long total_nodes = 0;
    int depth;

    if (max_depth < 4 || max_depth > 26) {
        fprintf(stderr, "usage: binary-trees MAXDEPTH(4..26)\n");
        return 2;
    }
    long_lived = make(max_depth);
    for (depth = 4; depth <= max_depth; depth += 2) {
        long long i, n = 1LL << (max_depth - depth + 1);
        unsigned long long sum = 0;
        for (i = 0; i < n; i++) {
            struct tnode *t = make(depth);
            sum += check(t, (unsigned long long)(i & 1023) + 1);
            release(t);
        }
        hash = hash * 1000003u + sum;
        total_nodes += n * ((2LL << depth) - 1);
    }
    hash = hash * 1000003u + check(long_lived, 1);
    printf("binary-trees max_depth=%d short_lived_nodes=%lld hash=%016llx\n", max_depth,
           total_nodes, hash);
    release(long_lived);
    return 0;
}
