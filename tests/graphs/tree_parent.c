/* Binary search tree with parent pointers: three edges of one node back to itself. */
#include <stdlib.h>

struct tree {
    int key;
    struct tree *left;   /* offset 8 */
    struct tree *right;  /* offset 16 */
    struct tree *parent; /* offset 24; sizeof 32 */
};

static struct tree *insert(struct tree *root, int key) {
    struct tree *n = malloc(sizeof *n); // @n
    n->key = key;
    n->left = NULL;
    n->right = NULL;
    n->parent = NULL;
    if (!root)
        return n;
    struct tree *cur = root;
    for (;;) {
        if (key < cur->key) {
            if (!cur->left) {
                cur->left = n;
                n->parent = cur;
                return root;
            }
            cur = cur->left;
        } else {
            if (!cur->right) {
                cur->right = n;
                n->parent = cur;
                return root;
            }
            cur = cur->right;
        }
    }
}

static int depth(struct tree *t) {
    int d = 0;
    while (t->parent) {
        t = t->parent;
        d++;
    }
    return d;
}

int main(void) {
    struct tree *t = NULL;
    int keys[] = { 5, 3, 8, 1, 4 };
    for (int i = 0; i < 5; i++)
        t = insert(t, keys[i]);
    return depth(t->left->right);
}
