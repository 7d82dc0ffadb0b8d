/* A recursive builder and a recursive walker of a binary tree. */
#include <stdlib.h>

struct tree {
    int key;
    struct tree *left;  /* offset 8 */
    struct tree *right; /* offset 16 */
};

static struct tree *build(int depth) {
    if (depth == 0)
        return NULL;
    struct tree *t = malloc(sizeof *t); // @t
    t->key = depth;
    t->left = build(depth - 1);
    t->right = build(depth - 1);
    return t;
}

static int count(struct tree *t) {
    return t ? 1 + count(t->left) + count(t->right) : 0;
}

int main(void) {
    struct tree *a = build(3);
    struct tree *b = build(2);
    return count(a) + count(b);
}
