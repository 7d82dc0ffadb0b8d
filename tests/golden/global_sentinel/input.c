/* A binary search tree whose empty subtrees all point to one global sentinel, as many
   red-black trees do: `nil` moves into the tree's pool as its object 1. */
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    struct tnode *left, *right;
    int key;
};

static struct tnode nil;

static struct tnode *insert(struct tnode *t, int key) {
    if (t == &nil) {
        t = malloc(sizeof *t);
        if (!t)
            exit(1);
        t->left = t->right = &nil;
        t->key = key;
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else {
        t->right = insert(t->right, key);
    }
    return t;
}

static int depth(const struct tnode *t) {
    if (t == &nil)
        return 0;
    int l = depth(t->left), r = depth(t->right);
    return 1 + (l > r ? l : r);
}

static void release(struct tnode *t) {
    if (t != &nil) {
        release(t->left);
        release(t->right);
        free(t);
    }
}

int main(void) {
    struct tnode *root = &nil;
    nil.key = -1;
    for (int i = 0; i < 100; i++)
        root = insert(root, (i * 37) % 101);
    printf("depth %d, nil key %d, %zu bytes a node\n", depth(root), nil.key, sizeof nil);
    release(root);
    return 0;
}
