/* Includes in both branches of #ifdef/#else, and the first declaration right after the
   block: the runtime's #include goes after the #endif, active in either build. */
// ARGS: 300
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#ifdef USE_MY_ALLOC
#include "my_alloc.h"
#else
#include <stdlib.h>
#endif
struct item {
    int key;
    struct item *left, *right;
};

static struct item *insert(struct item *t, int key) {
    if (!t) {
        t = calloc(1, sizeof(struct item));
        t->key = key;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else
        t->right = insert(t->right, key);
    return t;
}

static int depth(const struct item *t) {
    if (!t)
        return 0;
    int l = depth(t->left), r = depth(t->right);
    return 1 + (l > r ? l : r);
}

static void release(struct item *t) {
    if (!t)
        return;
    release(t->left);
    release(t->right);
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct item *root = NULL;
    unsigned x = 12345;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        root = insert(root, (int)(x >> 16) % 1000);
    }
    printf("depth %d\n", depth(root));
    release(root);
    return 0;
}
