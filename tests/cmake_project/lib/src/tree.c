#include <stdlib.h>
#include "pcdemo/structs.h"

struct tnode *tree_insert(struct tnode *root, unsigned key) {
    if (!root) {
        struct tnode *n = calloc(1, sizeof(struct tnode));
        if (!n)
            abort();
        n->key = key;
        n->count = 1;
        return n;
    }
    if (key == root->key)
        root->count++;
    else if (key < root->key)
        root->left = tree_insert(root->left, key);
    else
        root->right = tree_insert(root->right, key);
    return root;
}

int tree_depth(const struct tnode *root) {
    if (!root)
        return 0;
    int l = tree_depth(root->left), r = tree_depth(root->right);
    return (l > r ? l : r) + 1;
}

unsigned long tree_checksum(const struct tnode *root, unsigned long acc) {
    if (!root)
        return acc;
    acc = tree_checksum(root->left, acc);
    acc = acc * 31u + root->key * (unsigned long)root->count;
    return tree_checksum(root->right, acc);
}

void tree_free(struct tnode *root) {
    if (!root)
        return;
    tree_free(root->left);
    tree_free(root->right);
    free(root);
}
