#include <stdlib.h>
#include "shapes.h"
#include "tree_config.h"

#ifdef LIST_SCALE
#error "only list.c is compiled with -DLIST_SCALE"
#endif

static struct node *insert_scaled(struct node *root, int key) {
    if (!root) {
        struct node *n = malloc(sizeof *n);
        n->key = key;
        n->left = n->right = NULL;
        return n;
    }
    if (key < root->key)
        root->left = insert_scaled(root->left, key);
    else if (key > root->key)
        root->right = insert_scaled(root->right, key);
    return root;
}

struct node *insert_key(struct node *root, int key) {
    return insert_scaled(root, (key * TREE_KEY_STEP) % TREE_KEY_MOD);
}

int count_nodes(struct node *root) {
    return root ? 1 + count_nodes(root->left) + count_nodes(root->right) : 0;
}

int tree_height(struct node *root) {
    if (!root)
        return 0;
    int l = tree_height(root->left), r = tree_height(root->right);
    return 1 + (l > r ? l : r);
}

void free_tree(struct node *root) {
    if (root) {
        free_tree(root->left);
        free_tree(root->right);
        free(root);
    }
}
