/* A vtable of insert/find/remove over two kinds of search tree that share one node type:
   an unbalanced binary search tree and a treap (rotations on a priority). Each dictionary
   is a struct tree that points to its table (`t->ops->insert(t, key)`), as libraries
   dispatch dictionary operations; the nodes are allocated and freed through global
   hooks that hold only malloc and free. Every function the tables hold gets a clone
   with the pools first, the members of struct tree_ops are retyped and the tables'
   initialisers name the clones; as main picks either tree with `k ? b : a`, the
   two trees share one pool, and their nodes another. */
// ARGS: 3000
// EXPECT: {"type": "struct tree", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct tnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32, "hooks": [{"hook": "tree_free_fn", "targets": ["free"], "decision": "pool free"}, {"hook": "tree_malloc_fn", "targets": ["malloc"], "decision": "pool allocation"}]}
#include <stdio.h>
#include <stdlib.h>

void *(*tree_malloc_fn)(size_t) = malloc;
void (*tree_free_fn)(void *) = free;

struct tnode {
    unsigned key;
    unsigned prio;
    long value;
    struct tnode *left, *right;
};

struct tree;

struct tree_ops {
    const char *name;
    int (*insert)(struct tree *t, unsigned key, long value);
    long *(*find)(struct tree *t, unsigned key);
    int (*remove)(struct tree *t, unsigned key);
};

struct tree {
    const struct tree_ops *ops;
    struct tnode *root;
    unsigned count;
};

static unsigned long long rng = 12345;

static unsigned next_rand(void) {
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng >> 33);
}

static struct tnode *node_new(unsigned key, long value) {
    struct tnode *n = tree_malloc_fn(sizeof *n);
    if (!n)
        exit(2);
    n->key = key;
    n->prio = next_rand();
    n->value = value;
    n->left = n->right = NULL;
    return n;
}

/* The unbalanced tree. */
static struct tnode *bst_add(struct tnode *n, unsigned key, long value, int *added) {
    if (!n) {
        *added = 1;
        return node_new(key, value);
    }
    if (key == n->key)
        n->value = value;
    else if (key < n->key)
        n->left = bst_add(n->left, key, value, added);
    else
        n->right = bst_add(n->right, key, value, added);
    return n;
}

static int bst_insert(struct tree *t, unsigned key, long value) {
    int added = 0;
    t->root = bst_add(t->root, key, value, &added);
    t->count += (unsigned)added;
    return added;
}

static long *bst_find(struct tree *t, unsigned key) {
    struct tnode *n = t->root;
    while (n && n->key != key)
        n = key < n->key ? n->left : n->right;
    return n ? &n->value : NULL;
}

static struct tnode *bst_take_min(struct tnode *n, struct tnode **min) {
    if (!n->left) {
        *min = n;
        return n->right;
    }
    n->left = bst_take_min(n->left, min);
    return n;
}

static struct tnode *bst_del(struct tnode *n, unsigned key, int *removed) {
    if (!n)
        return NULL;
    if (key < n->key) {
        n->left = bst_del(n->left, key, removed);
        return n;
    }
    if (key > n->key) {
        n->right = bst_del(n->right, key, removed);
        return n;
    }
    struct tnode *keep;
    if (!n->left) {
        keep = n->right;
    } else if (!n->right) {
        keep = n->left;
    } else {
        n->right = bst_take_min(n->right, &keep);
        keep->left = n->left;
        keep->right = n->right;
    }
    tree_free_fn(n);
    *removed = 1;
    return keep;
}

static int bst_remove(struct tree *t, unsigned key) {
    int removed = 0;
    t->root = bst_del(t->root, key, &removed);
    t->count -= (unsigned)removed;
    return removed;
}

/* The treap: a search tree on the keys, a heap on the priorities. */
static struct tnode *rot_right(struct tnode *n) {
    struct tnode *l = n->left;
    n->left = l->right;
    l->right = n;
    return l;
}

static struct tnode *rot_left(struct tnode *n) {
    struct tnode *r = n->right;
    n->right = r->left;
    r->left = n;
    return r;
}

static struct tnode *trp_add(struct tnode *n, unsigned key, long value, int *added) {
    if (!n) {
        *added = 1;
        return node_new(key, value);
    }
    if (key == n->key) {
        n->value = value;
    } else if (key < n->key) {
        n->left = trp_add(n->left, key, value, added);
        if (n->left->prio > n->prio)
            n = rot_right(n);
    } else {
        n->right = trp_add(n->right, key, value, added);
        if (n->right->prio > n->prio)
            n = rot_left(n);
    }
    return n;
}

static int trp_insert(struct tree *t, unsigned key, long value) {
    int added = 0;
    t->root = trp_add(t->root, key, value, &added);
    t->count += (unsigned)added;
    return added;
}

static struct tnode *trp_del(struct tnode *n, unsigned key, int *removed) {
    if (!n)
        return NULL;
    if (key < n->key) {
        n->left = trp_del(n->left, key, removed);
    } else if (key > n->key) {
        n->right = trp_del(n->right, key, removed);
    } else if (!n->left || !n->right) {
        struct tnode *child = n->left ? n->left : n->right;
        tree_free_fn(n);
        *removed = 1;
        return child;
    } else if (n->left->prio > n->right->prio) {
        n = rot_right(n);
        n->right = trp_del(n->right, key, removed);
    } else {
        n = rot_left(n);
        n->left = trp_del(n->left, key, removed);
    }
    return n;
}

static int trp_remove(struct tree *t, unsigned key) {
    int removed = 0;
    t->root = trp_del(t->root, key, &removed);
    t->count -= (unsigned)removed;
    return removed;
}

static const struct tree_ops bst_ops = {"bst", bst_insert, bst_find, bst_remove};
static const struct tree_ops treap_ops = {"treap", trp_insert, bst_find, trp_remove};

static struct tree *tree_new(const struct tree_ops *ops) {
    struct tree *t = malloc(sizeof *t);
    if (!t)
        exit(2);
    t->ops = ops;
    t->root = NULL;
    t->count = 0;
    return t;
}

static unsigned depth(const struct tnode *n) {
    if (!n)
        return 0;
    unsigned l = depth(n->left), r = depth(n->right);
    return 1 + (l > r ? l : r);
}

static unsigned long checksum(const struct tnode *n) {
    return n ? n->key * 31ul + (unsigned long)n->value + checksum(n->left) * 3 -
                   checksum(n->right)
             : 7;
}

static void drop(struct tnode *n) {
    if (n) {
        drop(n->left);
        drop(n->right);
        tree_free_fn(n);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct tree *a = tree_new(&bst_ops), *b = tree_new(&treap_ops);
    for (int k = 0; k < 2; k++) {
        struct tree *t = k ? b : a;
        long found = 0;
        int removed = 0;
        for (int i = 0; i < n; i++)
            t->ops->insert(t, next_rand() % 5000, i);
        for (unsigned key = 0; key < 5000; key += 3) {
            long *v = t->ops->find(t, key);
            if (v) {
                found += *v;
                *v += 1;
            }
        }
        for (unsigned key = 0; key < 5000; key += 4)
            removed += t->ops->remove(t, key);
        printf("%s: count=%u found=%ld removed=%d depth=%u sum=%lu\n", t->ops->name, t->count,
               found, removed, depth(t->root), checksum(t->root));
    }
    drop(a->root);
    drop(b->root);
    free(a);
    free(b);
    return 0;
}
