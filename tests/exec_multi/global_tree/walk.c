#include <stdlib.h>

#include "tree.h"

static long weight_of(const struct sym *s) {
    return (long)s->hits * (long)(s->name[0] - 'a' + 1);
}

long tree_weight(const struct sym *s) {
    if (!s)
        return 0;
    return weight_of(s) + tree_weight(s->left) + tree_weight(s->right);
}

void tree_free(struct sym *s) {
    if (!s)
        return;
    tree_free(s->left);
    tree_free(s->right);
    free(s);
}
