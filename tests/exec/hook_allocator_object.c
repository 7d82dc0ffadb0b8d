/* An allocator object passed to a constructor, as in libraries that let users choose the
   memory of each container: tree_create(&heap_allocator) keeps it, and every node is
   allocated and released through its function pointers. The program's allocator
   functions only hand their size or pointer to malloc and free (the allocator argument
   is unused), so a call through t->a->alloc is a call of malloc: the nodes get a pool,
   t->a->alloc(t->a, sizeof(struct node)) becomes pc_alloc, t->a->release(t->a, n)
   becomes pc_free. */
// ARGS: 4000
// EXPECT: {"type": "struct node", "indexed": true, "compressed": true, "hooks": [{"hook": "t->a->alloc", "targets": ["heap_alloc"], "decision": "pool allocation"}, {"hook": "t->a->release", "targets": ["heap_release"], "decision": "pool free"}]}
#include <stdio.h>
#include <stdlib.h>

struct allocator {
    void *(*alloc)(struct allocator *self, size_t size);
    void (*release)(struct allocator *self, void *p);
};

static void *heap_alloc(struct allocator *self, size_t size) {
    (void)self;
    return malloc(size);
}

static void heap_release(struct allocator *self, void *p) {
    (void)self;
    free(p);
}

static struct allocator heap_allocator = { heap_alloc, heap_release };

struct node {
    int key;
    struct node *left, *right;
};

struct tree {
    struct allocator *a;
    struct node *root;
    long size;
};

static struct tree *tree_create(struct allocator *a) {
    struct tree *t = malloc(sizeof *t);
    if (!t)
        abort();
    t->a = a;
    t->root = NULL;
    t->size = 0;
    return t;
}

static struct node *node_new(struct tree *t, int key) {
    struct node *n = t->a->alloc(t->a, sizeof(struct node));
    if (!n)
        abort();
    n->key = key;
    n->left = n->right = NULL;
    t->size++;
    return n;
}

static struct node *insert(struct tree *t, struct node *n, int key) {
    if (!n)
        return node_new(t, key);
    if (key < n->key)
        n->left = insert(t, n->left, key);
    else if (key > n->key)
        n->right = insert(t, n->right, key);
    return n;
}

static long tree_sum(const struct node *n, int depth) {
    return n ? (long)n->key * depth + tree_sum(n->left, depth + 1) + tree_sum(n->right, depth + 1)
             : 0;
}

static void nodes_release(struct tree *t, struct node *n) {
    if (n) {
        nodes_release(t, n->left);
        nodes_release(t, n->right);
        t->a->release(t->a, n);
    }
}

static void tree_destroy(struct tree *t) {
    nodes_release(t, t->root);
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct tree *t = tree_create(&heap_allocator);
    unsigned x = 12345;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        t->root = insert(t, t->root, (int)((x >> 8) % 50000));
    }
    printf("size=%ld sum=%ld\n", t->size, tree_sum(t->root, 1));
    tree_destroy(t);
    return 0;
}
