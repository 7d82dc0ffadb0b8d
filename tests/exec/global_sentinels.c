/* Sentinel nodes as globals: circular doubly linked lists whose heads are an array of
   global nodes (one list per bucket), and a binary search tree whose empty subtrees all
   point to one global `nil` node. Both sentinels move into their structures' pools,
   and `&nil`, `nil.left`, `heads + i`, `&heads[i]`, `sizeof heads / sizeof heads[0]`
   and `memset(&nil, 0, sizeof nil)` keep their meaning. */
// EXPECT: {"type": "struct dnode", "owner": "(global)", "compressed": true, "moved_into_pool": ["global 'heads' (global_sentinels.c:23:21)"]}
// EXPECT: {"type": "struct tnode", "owner": "(global)", "compressed": true, "moved_into_pool": ["global 'nil' (global_sentinels.c:30:21)"]}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dnode {
    struct dnode *next, *prev;
    int key;
};

struct tnode {
    struct tnode *left, *right;
    int key;
    int size;
};

static struct dnode heads[4];
#define NBUCKETS (sizeof heads / sizeof heads[0])

/* The tree's sentinel: every leaf's children point to it. Its own fields are never
   read as a node's (size 0). */
static struct tnode *tree;
static unsigned long long seed = 7;
static struct tnode nil;

static unsigned next_random(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void lists_init(void) {
    for (size_t i = 0; i < NBUCKETS; i++) {
        struct dnode *h = &heads[i];
        h->next = h->prev = h;
    }
}

static void list_add(struct dnode *h, int key) {
    struct dnode *n = malloc(sizeof *n);
    if (!n)
        exit(3);
    n->key = key;
    n->next = h;
    n->prev = h->prev;
    h->prev->next = n;
    h->prev = n;
}

static int list_remove_first(struct dnode *h) {
    struct dnode *n = h->next;
    if (n == h)
        return -1;
    h->next = n->next;
    n->next->prev = h;
    int k = n->key;
    free(n);
    return k;
}

static void tree_init(void) {
    memset(&nil, 0, sizeof nil);
    nil.left = nil.right = &nil;
    tree = &nil;
}

static struct tnode *tree_insert(struct tnode *t, int key) {
    if (t == &nil) {
        struct tnode *n = malloc(sizeof(struct tnode));
        if (!n)
            exit(3);
        n->left = n->right = &nil;
        n->key = key;
        n->size = 1;
        return n;
    }
    if (key < t->key)
        t->left = tree_insert(t->left, key);
    else
        t->right = tree_insert(t->right, key);
    t->size = t->left->size + t->right->size + 1;
    return t;
}

static int tree_kth(const struct tnode *t, int k) {
    while (t != &nil) {
        int l = t->left->size;
        if (k < l)
            t = t->left;
        else if (k == l)
            return t->key;
        else {
            k -= l + 1;
            t = t->right;
        }
    }
    return -1;
}

static void tree_free(struct tnode *t) {
    if (t == &nil)
        return;
    tree_free(t->left);
    tree_free(t->right);
    free(t);
}

int main(void) {
    lists_init();
    tree_init();
    for (int i = 0; i < 200; i++) {
        int k = (int)(next_random() % 1000);
        list_add(heads + k % NBUCKETS, k);
        tree = tree_insert(tree, k);
    }
    printf("tree size %d, nil size %d, sizeof nil %zu, buckets %zu\n", tree->size,
           nil.size, sizeof nil, NBUCKETS);
    for (int k = 0; k < 200; k += 37)
        printf("kth %d = %d\n", k, tree_kth(tree, k));
    for (size_t b = 0; b < NBUCKETS; b++) {
        long sum = 0;
        int count = 0, k;
        while ((k = list_remove_first(&heads[b])) >= 0) {
            sum += k;
            count++;
        }
        printf("bucket %zu: %d keys, sum %ld, empty %d\n", b, count, sum,
               heads[b].next == &heads[b]);
    }
    tree_free(tree);
    return nil.left == &nil ? 0 : 1;
}
