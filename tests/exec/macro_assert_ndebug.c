/* assert() with -DNDEBUG: the macro expands to nothing, so the code in its arguments
   is neither compiled nor seen by the analysis; its text stays as written (it mentions
   pointers that become indices, which is harmless in a build that never compiles it,
   and the structure is still compressed). Side effects inside assert do not happen. */
// ARGS: 400
// CFLAGS: -DNDEBUG
// EXPECT: {"type": "struct tnode", "owner": "main", "indexed": true, "compressed": true}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *left, *right;
};

static int calls;

static struct tnode *insert(struct tnode *t, struct tnode *leaf) {
    if (!t)
        return leaf;
    if (leaf->key < t->key)
        t->left = insert(t->left, leaf);
    else
        t->right = insert(t->right, leaf);
    return t;
}

static int count(const struct tnode *t) {
    calls++;
    return t ? 1 + count(t->left) + count(t->right) : 0;
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
    for (int i = 0; i < n; i++) {
        struct tnode *leaf = malloc(sizeof *leaf);
        leaf->key = (i * 7919) % 1009;
        leaf->left = leaf->right = NULL;
        assert(leaf->left == NULL);
        root = insert(root, leaf);
        assert(count(root) == i + 1); /* not called with NDEBUG */
    }
    assert(root->key >= 0);
    printf("count=%d calls=%d root=%d\n", count(root), calls, root->key);
    free_tree(root);
    return 0;
}
