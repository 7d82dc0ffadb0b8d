/* MAX and MIN over fields: each macro expands its arguments twice (the larger one is
   evaluated again), so every field read has two copies in the program, which get the
   same new text by one edit where they are spelled. Nested uses and a use in a
   function that takes the tree (a clone) as well. */
// ARGS: 300
// EXPECT: {"type": "struct range", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

struct range {
    int lo, hi;
    struct range *left, *right;
};

static struct range *add(struct range *t, int lo, int hi) {
    if (!t) {
        t = malloc(sizeof *t);
        t->lo = lo;
        t->hi = hi;
        t->left = t->right = NULL;
        return t;
    }
    if (lo < t->lo)
        t->left = add(t->left, lo, hi);
    else
        t->right = add(t->right, lo, hi);
    return t;
}

/* The widest span covered by any range below t, and the narrowest. */
static int widest(const struct range *t) {
    if (!t)
        return 0;
    int l = widest(t->left), r = widest(t->right);
    return MAX(t->hi - t->lo, MAX(l, r));
}

static int lowest_hi(const struct range *t, int best) {
    if (!t)
        return best;
    best = MIN(best, t->hi);
    int l = lowest_hi(t->left, best);
    return MIN(l, lowest_hi(t->right, best));
}

static void release(struct range *t) {
    if (!t)
        return;
    release(t->left);
    release(t->right);
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 50;
    struct range *root = NULL;
    for (int i = 0; i < n; i++) {
        int a = (i * 37) % 101, b = (i * 53) % 97;
        root = add(root, MIN(a, b), MAX(a, b));
    }
    int span = MAX(root->hi, root->lo) - MIN(root->hi, root->lo);
    int outer = root->left && root->right ? MAX(root->left->hi, root->right->hi) : -1;
    int inner = MIN(MAX(root->lo, 10), MAX(root->hi, 20));
    /* Calls in arguments: the larger side is called twice, both times the clone. */
    int sides = MAX(widest(root->left), widest(root->right));
    printf("%d %d %d %d %d %d\n", widest(root), lowest_hi(root, 1000), span, outer, inner,
           sides);
    release(root);
    return 0;
}
