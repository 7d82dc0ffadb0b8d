/* dispatch_find_returns_node.c without any call of `find`: the table members tree_find and
   list_find are functions no run reaches. Their calls through the comparator stored in
   the set (`s->cmp(cur, key)`) hold no target there and are not taken for unknown code,
   but their original code would call the retyped comparator with pointers: the
   comparator type cannot get one clone signature, and the nodes stay unchanged, with
   the reason. Ideally a function no run reaches would not need to be consistent. */
// ARGS: 1200
// EXPECT: {"type": "struct dset", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct dnode", "owner": "main", "pooled": false, "reason": "represented differently (that call is in 'list_find', which no run reaches"}
// EXPECT: {"type": "struct dnode", "owner": "main", "indexed": true, "compressed": true, "todo": true}
#include <stdio.h>
#include <stdlib.h>

struct mem_hooks {
    void *(*malloc_fn)(size_t);
    void (*free_fn)(void *);
};

static struct mem_hooks mem = {malloc, free};

struct dnode {
    unsigned key;
    unsigned hits;
    struct dnode *left, *right;
};

typedef int (*dnode_cmp)(const struct dnode *n, unsigned key);

struct dset_ops;

struct dset {
    const struct dset_ops *ops;
    dnode_cmp cmp;
    struct dnode *root;
    unsigned count;
};

struct dset_ops {
    int (*insert)(struct dset *s, unsigned key);
    struct dnode *(*find)(const struct dset *s, unsigned key);
    int (*remove)(struct dset *s, unsigned key);
    void (*clear)(struct dset *s);
};

static int cmp_up(const struct dnode *n, unsigned key) {
    return n->key < key ? -1 : n->key > key;
}

static int cmp_down(const struct dnode *n, unsigned key) {
    return n->key > key ? -1 : n->key < key;
}

static struct dnode *dnode_new(unsigned key) {
    struct dnode *n = mem.malloc_fn(sizeof *n);
    if (!n)
        exit(2);
    n->key = key;
    n->hits = 0;
    n->left = n->right = NULL;
    return n;
}

static struct dnode *tree_add(struct dset *s, struct dnode *n, unsigned key, int *added) {
    if (!n) {
        *added = 1;
        return dnode_new(key);
    }
    int c = s->cmp(n, key);
    if (c > 0)
        n->left = tree_add(s, n->left, key, added);
    else if (c < 0)
        n->right = tree_add(s, n->right, key, added);
    return n;
}

static int tree_insert(struct dset *s, unsigned key) {
    int added = 0;
    s->root = tree_add(s, s->root, key, &added);
    s->count += (unsigned)added;
    return added;
}

static struct dnode *tree_find(const struct dset *s, unsigned key) {
    struct dnode *n = s->root;
    while (n) {
        int c = s->cmp(n, key);
        if (c == 0)
            break;
        n = c > 0 ? n->left : n->right;
    }
    return n;
}

static struct dnode *tree_take_min(struct dnode *n, struct dnode **min) {
    if (!n->left) {
        *min = n;
        return n->right;
    }
    n->left = tree_take_min(n->left, min);
    return n;
}

static struct dnode *tree_del(struct dset *s, struct dnode *n, unsigned key, int *removed) {
    if (!n)
        return NULL;
    int c = s->cmp(n, key);
    if (c > 0) {
        n->left = tree_del(s, n->left, key, removed);
        return n;
    }
    if (c < 0) {
        n->right = tree_del(s, n->right, key, removed);
        return n;
    }
    struct dnode *keep;
    if (!n->left) {
        keep = n->right;
    } else if (!n->right) {
        keep = n->left;
    } else {
        n->right = tree_take_min(n->right, &keep);
        keep->left = n->left;
        keep->right = n->right;
    }
    mem.free_fn(n);
    *removed = 1;
    return keep;
}

static int tree_remove(struct dset *s, unsigned key) {
    int removed = 0;
    s->root = tree_del(s, s->root, key, &removed);
    s->count -= (unsigned)removed;
    return removed;
}

static void tree_drop(struct dnode *n) {
    if (n) {
        tree_drop(n->left);
        tree_drop(n->right);
        mem.free_fn(n);
    }
}

static void tree_clear(struct dset *s) {
    tree_drop(s->root);
    s->root = NULL;
    s->count = 0;
}

static int list_insert(struct dset *s, unsigned key) {
    struct dnode *prev = NULL, *cur = s->root;
    while (cur && s->cmp(cur, key) < 0) {
        prev = cur;
        cur = cur->right;
    }
    if (cur && s->cmp(cur, key) == 0)
        return 0;
    struct dnode *x = dnode_new(key);
    x->right = cur;
    if (prev)
        prev->right = x;
    else
        s->root = x;
    s->count++;
    return 1;
}

static struct dnode *list_find(const struct dset *s, unsigned key) {
    struct dnode *cur = s->root;
    while (cur && s->cmp(cur, key) < 0)
        cur = cur->right;
    return cur && s->cmp(cur, key) == 0 ? cur : NULL;
}

static int list_remove(struct dset *s, unsigned key) {
    struct dnode *prev = NULL, *cur = s->root;
    while (cur && s->cmp(cur, key) < 0) {
        prev = cur;
        cur = cur->right;
    }
    if (!cur || s->cmp(cur, key) != 0)
        return 0;
    if (prev)
        prev->right = cur->right;
    else
        s->root = cur->right;
    mem.free_fn(cur);
    s->count--;
    return 1;
}

static void list_clear(struct dset *s) {
    while (s->root) {
        struct dnode *next = s->root->right;
        mem.free_fn(s->root);
        s->root = next;
    }
    s->count = 0;
}

static const struct dset_ops tree_ops = {tree_insert, tree_find, tree_remove, tree_clear};
static const struct dset_ops list_ops = {list_insert, list_find, list_remove, list_clear};

static struct dset *dset_new(const struct dset_ops *ops, dnode_cmp cmp) {
    struct dset *s = malloc(sizeof *s);
    if (!s)
        exit(2);
    s->ops = ops;
    s->cmp = cmp;
    s->root = NULL;
    s->count = 0;
    return s;
}

static void dset_free(struct dset *s) {
    s->ops->clear(s);
    free(s);
}

static unsigned run(struct dset *s, int n, unsigned seed) {
    unsigned h = seed;
    for (int i = 0; i < n; i++)
        h += (unsigned)s->ops->insert(s, (unsigned)i * 2654435761u % 1009u);
    for (unsigned k = 0; k < 1009u; k += 5)
        h = h * 7u + (unsigned)s->ops->remove(s, k);
    return h ^ s->count;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    struct dset *a = dset_new(&tree_ops, cmp_up);
    struct dset *b = dset_new(&list_ops, cmp_down);
    unsigned ha = run(a, n, 1u), hb = run(b, n / 2, 2u);
    printf("tree %u count %u, list %u count %u\n", ha, a->count, hb, b->count);
    dset_free(a);
    dset_free(b);
    return 0;
}
