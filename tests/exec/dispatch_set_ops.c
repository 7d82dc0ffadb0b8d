/* A dispatch table: two implementations of an integer set over the same nodes (an
   unbalanced search tree and a sorted list threaded through the left links), each a
   static const table of function pointers. main calls `ops->insert(&s, key)` through
   either table; every function the tables hold gets a clone with the pools first, the
   members of struct set_ops are retyped and the tables' initialisers name the clones. */
// EXPECT: {"type": "struct set", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *l, *r;
};

struct set {
    struct node *root;
    int size;
};

struct set_ops {
    const char *name;
    void (*insert)(struct set *s, int key);
    int (*has)(const struct set *s, int key);
    long (*sum)(const struct set *s);
    void (*clear)(struct set *s);
};

static struct node *new_node(int key) {
    struct node *n = malloc(sizeof *n);
    n->key = key;
    n->l = n->r = NULL;
    return n;
}

static struct node *tree_add(struct node *t, int key, int *added) {
    if (!t) {
        *added = 1;
        return new_node(key);
    }
    if (key < t->key)
        t->l = tree_add(t->l, key, added);
    else if (key > t->key)
        t->r = tree_add(t->r, key, added);
    return t;
}

static void tree_insert(struct set *s, int key) {
    int added = 0;
    s->root = tree_add(s->root, key, &added);
    s->size += added;
}

static int tree_has(const struct set *s, int key) {
    const struct node *n = s->root;
    while (n && n->key != key)
        n = key < n->key ? n->l : n->r;
    return n != NULL;
}

static long tree_sum_from(const struct node *n) {
    return n ? n->key + tree_sum_from(n->l) + tree_sum_from(n->r) : 0;
}

static long tree_sum(const struct set *s) { return tree_sum_from(s->root); }

static void tree_free(struct node *n) {
    if (n) {
        tree_free(n->l);
        tree_free(n->r);
        free(n);
    }
}

static void tree_clear(struct set *s) {
    tree_free(s->root);
    s->root = NULL;
    s->size = 0;
}

static void list_insert(struct set *s, int key) {
    struct node *prev = NULL, *n = s->root;
    while (n && n->key < key) {
        prev = n;
        n = n->l;
    }
    if (n && n->key == key)
        return;
    struct node *m = new_node(key);
    m->l = n;
    if (prev)
        prev->l = m;
    else
        s->root = m;
    s->size++;
}

static int list_has(const struct set *s, int key) {
    for (const struct node *n = s->root; n && n->key <= key; n = n->l)
        if (n->key == key)
            return 1;
    return 0;
}

static long list_sum(const struct set *s) {
    long t = 0;
    for (const struct node *n = s->root; n; n = n->l)
        t += n->key;
    return t;
}

static void list_clear(struct set *s) {
    while (s->root) {
        struct node *next = s->root->l;
        free(s->root);
        s->root = next;
    }
    s->size = 0;
}

static const struct set_ops tree_ops = {"tree", tree_insert, tree_has, tree_sum, tree_clear};
static const struct set_ops list_ops = {"list", list_insert, list_has, list_sum, list_clear};

static unsigned long long seed = 77;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1500;
    struct set *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    const struct set_ops *ops[2] = {&tree_ops, &list_ops};
    for (int round = 0; round < 3; round++) {
        for (int k = 0; k < 2; k++) {
            for (int i = 0; i < n; i++)
                ops[k]->insert((k ? b : a), (int)(lcg() % 5000));
            int hits = 0;
            for (int i = 0; i < 500; i++)
                hits += ops[k]->has((k ? b : a), i * 7);
            printf("%s round %d: size=%d sum=%ld hits=%d\n", ops[k]->name, round,
                   (k ? b : a)->size, ops[k]->sum((k ? b : a)), hits);
        }
    }
    ops[0]->clear(a);
    ops[1]->clear(b);
    printf("cleared: %d %d\n", a->size, b->size);
    free(a);
    free(b);
    return 0;
}
