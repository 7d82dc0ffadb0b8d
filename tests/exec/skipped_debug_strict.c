/* The program of skipped_debug_note.c, transformed with --strict-skipped-code: code in
   a skipped #ifdef DEBUG branch that names what the transformation would change leaves
   the structure unchanged, with the first mention as the reason (a -DDEBUG build of the
   output still compiles and works). */
// ARGS: 200
// PTRCOMP-ARGS: --strict-skipped-code
// EXPECT: {"type": "struct tree", "owner": "main", "pooled": false, "reason": "skipped #ifdef block at skipped_debug_strict.c:49 mentions struct tree, which would be compressed"}
#include <stdio.h>
#include <stdlib.h>

struct tree {
    int key;
    struct tree *left, *right;
};

static struct tree *insert(struct tree *t, int key) {
    if (!t) {
        t = malloc(sizeof *t);
        t->key = key;
        t->left = t->right = NULL;
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else {
        t->right = insert(t->right, key);
    }
    return t;
}

static int depth(const struct tree *t) {
    if (!t)
        return 0;
    int l = depth(t->left), r = depth(t->right);
    return 1 + (l > r ? l : r);
}

static void release(struct tree *t) {
    if (t) {
        release(t->left);
        release(t->right);
        free(t);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 50;
    struct tree *root = NULL;
    for (int i = 0; i < n; i++)
        root = insert(root, (i * 7919) % 1013);
#ifdef DEBUG
    for (struct tree *t = root; t; t = t->left)
        fprintf(stderr, "left spine: %d\n", t->key);
#else
    printf("built %d keys\n", n);
#endif
#if defined(DEBUG) && DEBUG > 1
    fprintf(stderr, "depth %d\n", depth(root));
#endif
    printf("depth=%d root=%d\n", depth(root), root->key);
    release(root);
    return 0;
}
