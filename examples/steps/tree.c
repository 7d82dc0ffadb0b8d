#include <stdlib.h>

#include "shapes.h"

struct node *insert(struct node *t, struct shape *s) {
    if (!t) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            abort();
        n->shape = s;
        n->left = n->right = NULL;
        return n;
    }
    if (s->area < t->shape->area)
        t->left = insert(t->left, s);
    else
        t->right = insert(t->right, s);
    return t;
}

long weighted_sum(const struct node *t, int depth) {
    if (!t)
        return 0;
    return t->shape->area * depth + weighted_sum(t->left, depth + 1) +
           weighted_sum(t->right, depth + 1);
}

void free_tree(struct node *t) {
    if (!t)
        return;
    free_tree(t->left);
    free_tree(t->right);
    free(t);
}
