/* A node with bit-fields (and a zero-width one) around its pointers: the compressed
   layout keeps every member with its width, so values that fill each field survive,
   and a memset of whole nodes is respelled for the new layout. */
// ARGS: 300
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    unsigned color : 1;
    unsigned rank : 5;
    signed delta : 4;
    unsigned : 0;
    struct node *left, *right;
    unsigned long long wide : 40;
    unsigned char tag;
};

static struct node *insert(struct node *t, struct node *n, unsigned key) {
    if (!t)
        return n;
    if (key < t->rank)
        t->left = insert(t->left, n, key);
    else
        t->right = insert(t->right, n, key);
    return t;
}

static unsigned long long walk(const struct node *t) {
    if (!t)
        return 0;
    return walk(t->left) * 31u + t->color + t->rank * 3u + (unsigned)(t->delta + 8) * 7u +
           t->wide + t->tag + walk(t->right);
}

static void destroy(struct node *t) {
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct node *root = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof(struct node));
        memset(x, 0, sizeof(struct node));
        x->color = (unsigned)i & 1u;
        x->rank = (unsigned)(i * 7) % 32u;
        x->delta = (signed)((i % 16) - 8);
        x->wide = (1ull << 39) + (unsigned long long)i * 1000003ull;
        x->tag = (unsigned char)(i * 13);
        root = insert(root, x, x->rank);
    }
    printf("%llu\n", walk(root) % 1000000007ull);
    destroy(root);
    return 0;
}
