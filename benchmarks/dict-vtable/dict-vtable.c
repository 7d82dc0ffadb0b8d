/*
 * dict-vtable: two dictionaries of the same interface, an unbalanced binary search tree
 * and a treap, used through a table of function pointers stored in each dictionary
 * (d->ops->insert(d, key, value)), as C libraries dispatch dictionary operations. The
 * order is a comparator stored in the dictionary; the nodes are allocated and freed
 * through a hooks struct that an init_hooks() API may replace (the program resets it
 * with init_hooks(NULL)); iteration takes a visitor callback. Each round inserts KEYS
 * random keys into each dictionary, looks up as many, removes a third, walks both and
 * empties one of them.
 *
 * usage: dict-vtable KEYS [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>

struct dict_hooks {
    void *(*malloc_fn)(size_t);
    void (*free_fn)(void *);
};

static struct dict_hooks hooks = {malloc, free};

void dict_init_hooks(const struct dict_hooks *h)
{
    if (h == NULL) {
        hooks.malloc_fn = malloc;
        hooks.free_fn = free;
        return;
    }
    hooks.malloc_fn = h->malloc_fn ? h->malloc_fn : malloc;
    hooks.free_fn = h->free_fn ? h->free_fn : free;
}

struct dnode {
    unsigned key;
    unsigned value;
    unsigned prio;
    struct dnode *left, *right;
};

typedef int (*dict_cmp_fn)(unsigned a, const struct dnode *n);
typedef void (*dict_visit_fn)(const struct dnode *n, unsigned long long *acc);

struct dict;

struct dict_ops {
    const char *name;
    int (*insert)(struct dict *d, unsigned key, unsigned value);
    struct dnode *(*find)(const struct dict *d, unsigned key);
    int (*remove)(struct dict *d, unsigned key);
    void (*foreach)(const struct dict *d, dict_visit_fn visit, unsigned long long *acc);
    void (*clear)(struct dict *d);
};

struct dict {
    const struct dict_ops *ops;
    dict_cmp_fn cmp;
    struct dnode *root;
    unsigned long count;
};

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

static unsigned rng_next(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (unsigned)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

static int cmp_keys(unsigned a, const struct dnode *n)
{
    return a < n->key ? -1 : a > n->key;
}

static struct dnode *node_new(unsigned key, unsigned value)
{
    struct dnode *n = hooks.malloc_fn(sizeof *n);
    if (n == NULL) {
        fprintf(stderr, "dict-vtable: out of memory\n");
        exit(1);
    }
    n->key = key;
    n->value = value;
    n->prio = rng_next();
    n->left = NULL;
    n->right = NULL;
    return n;
}

/* Shared by both kinds: lookup, in-order walk, freeing. */
static struct dnode *tree_find(const struct dict *d, unsigned key)
{
    struct dnode *n = d->root;
    while (n != NULL) {
        int c = d->cmp(key, n);
        if (c == 0)
            return n;
        n = c < 0 ? n->left : n->right;
    }
    return NULL;
}

static void walk(const struct dnode *n, dict_visit_fn visit, unsigned long long *acc)
{
    while (n != NULL) {
        walk(n->left, visit, acc);
        visit(n, acc);
        n = n->right;
    }
}

static void tree_foreach(const struct dict *d, dict_visit_fn visit, unsigned long long *acc)
{
    walk(d->root, visit, acc);
}

static void drop(struct dnode *n)
{
    while (n != NULL) {
        struct dnode *right = n->right;
        drop(n->left);
        hooks.free_fn(n);
        n = right;
    }
}

static void tree_clear(struct dict *d)
{
    drop(d->root);
    d->root = NULL;
    d->count = 0;
}

/* The unbalanced binary search tree. */
static struct dnode *bst_add(const struct dict *d, struct dnode *n, unsigned key,
                             unsigned value, int *added)
{
    int c;
    if (n == NULL) {
        *added = 1;
        return node_new(key, value);
    }
    c = d->cmp(key, n);
    if (c < 0)
        n->left = bst_add(d, n->left, key, value, added);
    else if (c > 0)
        n->right = bst_add(d, n->right, key, value, added);
    else
        n->value = value;
    return n;
}

static int bst_insert(struct dict *d, unsigned key, unsigned value)
{
    int added = 0;
    d->root = bst_add(d, d->root, key, value, &added);
    d->count += (unsigned long)added;
    return added;
}

static struct dnode *take_min(struct dnode *n, struct dnode **min)
{
    if (n->left == NULL) {
        *min = n;
        return n->right;
    }
    n->left = take_min(n->left, min);
    return n;
}

static struct dnode *bst_del(const struct dict *d, struct dnode *n, unsigned key,
                             int *removed)
{
    struct dnode *keep;
    int c;
    if (n == NULL)
        return NULL;
    c = d->cmp(key, n);
    if (c < 0) {
        n->left = bst_del(d, n->left, key, removed);
        return n;
    }
    if (c > 0) {
        n->right = bst_del(d, n->right, key, removed);
        return n;
    }
    if (n->left == NULL) {
        keep = n->right;
    } else if (n->right == NULL) {
        keep = n->left;
    } else {
        n->right = take_min(n->right, &keep);
        keep->left = n->left;
        keep->right = n->right;
    }
    hooks.free_fn(n);
    *removed = 1;
    return keep;
}

static int bst_remove(struct dict *d, unsigned key)
{
    int removed = 0;
    d->root = bst_del(d, d->root, key, &removed);
    d->count -= (unsigned long)removed;
    return removed;
}

/* The treap: a search tree on the keys, a max-heap on random priorities. */
static struct dnode *rot_right(struct dnode *n)
{
    struct dnode *l = n->left;
    n->left = l->right;
    l->right = n;
    return l;
}

static struct dnode *rot_left(struct dnode *n)
{
    struct dnode *r = n->right;
    n->right = r->left;
    r->left = n;
    return r;
}

static struct dnode *treap_add(const struct dict *d, struct dnode *n, unsigned key,
                               unsigned value, int *added)
{
    int c;
    if (n == NULL) {
        *added = 1;
        return node_new(key, value);
    }
    c = d->cmp(key, n);
    if (c < 0) {
        n->left = treap_add(d, n->left, key, value, added);
        if (n->left->prio > n->prio)
            n = rot_right(n);
    } else if (c > 0) {
        n->right = treap_add(d, n->right, key, value, added);
        if (n->right->prio > n->prio)
            n = rot_left(n);
    } else {
        n->value = value;
    }
    return n;
}

static int treap_insert(struct dict *d, unsigned key, unsigned value)
{
    int added = 0;
    d->root = treap_add(d, d->root, key, value, &added);
    d->count += (unsigned long)added;
    return added;
}

static struct dnode *treap_del(const struct dict *d, struct dnode *n, unsigned key,
                               int *removed)
{
    int c;
    if (n == NULL)
        return NULL;
    c = d->cmp(key, n);
    if (c < 0) {
        n->left = treap_del(d, n->left, key, removed);
    } else if (c > 0) {
        n->right = treap_del(d, n->right, key, removed);
    } else if (n->left == NULL || n->right == NULL) {
        struct dnode *child = n->left != NULL ? n->left : n->right;
        hooks.free_fn(n);
        *removed = 1;
        return child;
    } else if (n->left->prio > n->right->prio) {
        n = rot_right(n);
        n->right = treap_del(d, n->right, key, removed);
    } else {
        n = rot_left(n);
        n->left = treap_del(d, n->left, key, removed);
    }
    return n;
}

static int treap_remove(struct dict *d, unsigned key)
{
    int removed = 0;
    d->root = treap_del(d, d->root, key, &removed);
    d->count -= (unsigned long)removed;
    return removed;
}

static const struct dict_ops bst_ops = {"bst", bst_insert, tree_find, bst_remove,
                                        tree_foreach, tree_clear};
static const struct dict_ops treap_ops = {"treap", treap_insert, tree_find, treap_remove,
                                          tree_foreach, tree_clear};

static struct dict *dict_new(const struct dict_ops *ops, dict_cmp_fn cmp)
{
    struct dict *d = hooks.malloc_fn(sizeof *d);
    if (d == NULL) {
        fprintf(stderr, "dict-vtable: out of memory\n");
        exit(1);
    }
    d->ops = ops;
    d->cmp = cmp;
    d->root = NULL;
    d->count = 0;
    return d;
}

static void dict_free(struct dict *d)
{
    d->ops->clear(d);
    hooks.free_fn(d);
}

static void visit_sum(const struct dnode *n, unsigned long long *acc)
{
    *acc = *acc * 1099511628211ULL + n->key + 3ULL * n->value;
}

static void visit_count(const struct dnode *n, unsigned long long *acc)
{
    *acc += 1 + (n->value & 1u);
}

int main(int argc, char **argv)
{
    unsigned keys, rounds, r, i;
    unsigned long long check = 0;
    struct dict *a, *b;

    if (argc < 2) {
        fprintf(stderr, "usage: dict-vtable KEYS [ROUNDS]\n");
        return 2;
    }
    keys = (unsigned)strtoul(argv[1], NULL, 10);
    rounds = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 1;
    dict_init_hooks(NULL);
    a = dict_new(&bst_ops, cmp_keys);
    b = dict_new(&treap_ops, cmp_keys);
    for (r = 0; r < rounds; r++) {
        int k;
        for (k = 0; k < 2; k++) {
            struct dict *d = k ? b : a;
            unsigned long long acc = 0;
            unsigned long found = 0, removed = 0;
            unsigned long long mark = rng_state;
            for (i = 0; i < keys; i++)
                d->ops->insert(d, rng_next(), i);
            rng_state = mark; /* look the same keys up, half of them bumped */
            for (i = 0; i < keys; i++) {
                struct dnode *n = d->ops->find(d, rng_next());
                if (n != NULL) {
                    found++;
                    if (i & 1u)
                        n->value += 7u;
                }
            }
            for (i = 0; i < keys / 3; i++)
                removed += (unsigned long)d->ops->remove(d, rng_next());
            d->ops->foreach(d, (r & 1u) ? visit_count : visit_sum, &acc);
            printf("round %u %s: count %lu found %lu removed %lu walk %llu\n", r,
                   d->ops->name, d->count, found, removed, acc);
            check = check * 31 + acc + d->count;
            if ((r + (unsigned)k) % 2 == 1)
                d->ops->clear(d);
        }
    }
    printf("checksum %llu\n", check);
    dict_free(a);
    dict_free(b);
    return 0;
}
