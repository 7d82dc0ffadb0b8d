/* assert() around calls and field reads: a binary search tree checked as it grows.
   The arguments of assert are ordinary code, rewritten where they are spelled: field
   reads go through the pool, NULL becomes the null index, calls go to the clones (also
   a call whose side effect is the point: assert(push(&stack, k) != NULL)). glibc's
   assert expands its argument twice (once under sizeof) and stringizes it for the
   message of a failed assertion; none fails here. */
// ARGS: 600
// EXPECT: {"type": "struct tnode", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct snode", "owner": "main", "indexed": true, "compressed": true}
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *left, *right;
};

struct snode {
    int key;
    struct snode *below;
};

static unsigned long long seed = 7;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct tnode *insert(struct tnode *t, struct tnode *leaf) {
    if (!t)
        return leaf;
    if (leaf->key < t->key)
        t->left = insert(t->left, leaf);
    else
        t->right = insert(t->right, leaf);
    return t;
}

static int height(const struct tnode *t) {
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static int is_bst(const struct tnode *t, long lo, long hi) {
    if (!t)
        return 1;
    return t->key >= lo && t->key <= hi && is_bst(t->left, lo, (long)t->key - 1) &&
           is_bst(t->right, t->key, hi);
}

static struct snode *push(struct snode **top, int key) {
    struct snode *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    s->key = key;
    s->below = *top;
    *top = s;
    return s;
}

static void free_tree(struct tnode *t) {
    if (!t)
        return;
    free_tree(t->left);
    free_tree(t->right);
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct tnode *root = NULL;
    struct snode *stack = NULL;
    for (int i = 0; i < n; i++) {
        struct tnode *leaf = malloc(sizeof *leaf);
        assert(leaf != NULL);
        leaf->key = (int)(lcg() % 10007);
        leaf->left = leaf->right = NULL;
        assert(leaf->left == NULL && leaf->right == NULL);
        root = insert(root, leaf);
        assert(root != NULL && is_bst(root, INT_MIN, INT_MAX));
        assert(push(&stack, leaf->key) != NULL);
        assert(stack->key == leaf->key);
    }
    assert(height(root) <= n);
    assert(root->left == NULL || root->left->key < root->key);
    int popped = 0;
    long sum = 0;
    while (stack) {
        struct snode *below = stack->below;
        assert(below == NULL || below->below != stack);
        sum += stack->key;
        free(stack);
        stack = below;
        popped++;
    }
    printf("height=%d popped=%d sum=%ld root=%d\n", height(root), popped, sum, root->key);
    free_tree(root);
    return 0;
}
