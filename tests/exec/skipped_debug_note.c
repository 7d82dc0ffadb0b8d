/* Code in an #ifdef DEBUG branch that this build skips: the analysis never sees it, so
   it keeps its text, and it names the tree's struct, a field that becomes an index and
   a variable that becomes one. A build with -DDEBUG would then not compile: the report
   notes each mention with the block's location (the structure is still compressed;
   --strict-skipped-code leaves it unchanged instead, see skipped_debug_strict.c). */
// ARGS: 200
// EXPECT: {"type": "struct tree", "owner": "main", "indexed": true, "compressed": true, "note": ["skipped #ifdef block at skipped_debug_note.c:49 mentions struct tree, which was compressed", "skipped #ifdef block at skipped_debug_note.c:49 mentions field 'left' of struct tree, which became an index", "skipped #ifdef block at skipped_debug_note.c:49 mentions variable 'root' of 'main', which became an index", "skipped #if block at skipped_debug_note.c:55 mentions function 'depth', whose calls now go to depth_pc32"]}
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
