/* Binary search tree with parent pointers: insertion, deletion (with the successor
   transplant of CLRS), in-order walk without recursion or stack through parent links,
   height by recursion. The tree's owner is build_and_measure. */
// ARGS: 3000
// EXPECT: {"type": "struct tnode", "owner": "build_and_measure", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *left, *right, *parent;
};

static unsigned long long seed = 99;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void insert(struct tnode **root, int key) {
    struct tnode *parent = NULL, *cur = *root;
    while (cur) {
        parent = cur;
        cur = key < cur->key ? cur->left : cur->right;
    }
    struct tnode *n = malloc(sizeof *n);
    n->key = key;
    n->left = n->right = NULL;
    n->parent = parent;
    if (!parent)
        *root = n;
    else if (key < parent->key)
        parent->left = n;
    else
        parent->right = n;
}

static struct tnode *find(struct tnode *t, int key) {
    while (t && t->key != key)
        t = key < t->key ? t->left : t->right;
    return t;
}

static struct tnode *minimum(struct tnode *t) {
    while (t->left)
        t = t->left;
    return t;
}

static struct tnode *successor(struct tnode *t) {
    if (t->right)
        return minimum(t->right);
    struct tnode *p = t->parent;
    while (p && t == p->right) {
        t = p;
        p = p->parent;
    }
    return p;
}

static void transplant(struct tnode **root, struct tnode *u, struct tnode *v) {
    if (u->parent == NULL)
        *root = v;
    else if (u == u->parent->left)
        u->parent->left = v;
    else
        u->parent->right = v;
    if (v != NULL)
        v->parent = u->parent;
}

static void delete(struct tnode **root, struct tnode *z) {
    if (z->left == NULL) {
        transplant(root, z, z->right);
    } else if (z->right == NULL) {
        transplant(root, z, z->left);
    } else {
        struct tnode *y = minimum(z->right);
        if (y->parent != z) {
            transplant(root, y, y->right);
            y->right = z->right;
            y->right->parent = y;
        }
        transplant(root, z, y);
        y->left = z->left;
        y->left->parent = y;
    }
    free(z);
}

static int height(struct tnode *t) {
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void free_tree(struct tnode *t) {
    if (!t)
        return;
    free_tree(t->left);
    free_tree(t->right);
    free(t);
}

static unsigned build_and_measure(int n) {
    struct tnode *root = NULL;
    for (int i = 0; i < n; i++)
        insert(&root, (int)(lcg() % 100000));
    unsigned walk = 0;
    int count = 0, sorted = 1, last = -1;
    for (struct tnode *t = root ? minimum(root) : NULL; t; t = successor(t)) {
        walk = walk * 31u + (unsigned)t->key;
        if (t->key < last)
            sorted = 0;
        last = t->key;
        count++;
    }
    printf("count=%d sorted=%d height=%d walk=%u\n", count, sorted, height(root), walk);
    int deleted = 0;
    for (int i = 0; i < n; i++) {
        struct tnode *z = find(root, (int)(lcg() % 100000));
        if (z) {
            delete(&root, z);
            deleted++;
        }
    }
    if (root)
        delete(&root, root);
    walk = 0;
    count = 0;
    for (struct tnode *t = root ? minimum(root) : NULL; t; t = successor(t)) {
        walk = walk * 31u + (unsigned)t->key;
        count++;
    }
    printf("deleted=%d count=%d height=%d walk=%u\n", deleted + 1, count, height(root), walk);
    free_tree(root);
    return walk;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    unsigned a = build_and_measure(n);
    unsigned b = build_and_measure(n / 3);
    printf("%u %u\n", a, b);
    return 0;
}
