/* Field accessor macros (`#define LEFT(n) ((n)->left)`) on a binary search tree: each use
   is written as the macro's expansion, rewritten, and the #defines stay for other uses. */
// ARGS: 3000
// EXPECT: {"type": "struct tnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *left;
    struct tnode *right;
};

#define LEFT(n) ((n)->left)
#define RIGHT(n) ((n)->right)
#define KEY(n) ((n)->key)
#define IS_LEAF(n) (LEFT(n) == NULL && RIGHT(n) == NULL)

static unsigned long long seed = 7;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct tnode *insert(struct tnode *t, int key) {
    if (t == NULL) {
        struct tnode *n = malloc(sizeof *n);
        KEY(n) = key;
        LEFT(n) = RIGHT(n) = NULL;
        return n;
    }
    if (key < KEY(t))
        LEFT(t) = insert(LEFT(t), key);
    else
        RIGHT(t) = insert(RIGHT(t), key);
    return t;
}

static long sum(const struct tnode *t) {
    return t ? KEY(t) + sum(LEFT(t)) + sum(RIGHT(t)) : 0;
}

static int leaves(const struct tnode *t) {
    if (!t)
        return 0;
    return IS_LEAF(t) ? 1 : leaves(LEFT(t)) + leaves(RIGHT(t));
}

static void release(struct tnode *t) {
    if (!t)
        return;
    release(LEFT(t));
    release(RIGHT(t));
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct tnode *root = NULL;
    for (int i = 0; i < n; i++)
        root = insert(root, (int)(lcg() % 100000));
    struct tnode *m = root;
    while (LEFT(m))
        m = LEFT(m);
    printf("sum=%ld leaves=%d min=%d root=%d\n", sum(root), leaves(root), KEY(m), KEY(root));
    release(root);
    return 0;
}
