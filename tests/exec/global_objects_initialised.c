/* Global nodes with initialisers move into their pool; their first values are the pool's
   image: a self-linked sentinel with a key and a name (that a macro writes), a global
   pointer to it, an array of list heads initialised with designators and with addresses
   of its own elements (by `&a[i]` and by `a + i`), and a pair linked to each other (by
   `&a[i]` and by the array's name). */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "moved_into_pool": ["global 'nil' (global_objects_initialised.c:22:20)"]}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "moved_into_pool": ["global 'heads' (global_objects_initialised.c:24:13)"]}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "moved_into_pool": ["global 'pair' (global_objects_initialised.c:28:20)"]}
#include <stdio.h>
#include <stdlib.h>

enum color { RED, BLACK };

struct node {
    struct node *left, *right;
    int key;
    enum color color;
    const char *tag;
};

#define SENTINEL(self, k, name) { &self, &self, k, BLACK, name }
static struct node nil = SENTINEL(nil, -1, "nil");
static struct node *root = &nil;
struct node heads[4] = {
    [1] = { .right = &heads[1], .left = heads + 1, .key = 7, .tag = "h1" },
    [3] = { &heads[3], &heads[3], 9, BLACK, "h3" },
};
static struct node pair[2] = { { &pair[1], &pair[1], 1, RED, "p0" }, { pair, pair, 2, RED, "p1" } };

static struct node *insert(struct node *t, int k) {
    if (t == &nil) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            exit(3);
        n->left = n->right = &nil;
        n->key = k;
        n->color = RED;
        n->tag = "n";
        return n;
    }
    if (k < t->key)
        t->left = insert(t->left, k);
    else
        t->right = insert(t->right, k);
    return t;
}

static int sum(const struct node *t) {
    return t == &nil ? 0 : t->key + sum(t->left) + sum(t->right);
}

static void drop(struct node *t) {
    if (t != &nil) {
        drop(t->left);
        drop(t->right);
        free(t);
    }
}

/* Appends a heap node after list head h (a ring through `right`). */
static void append(struct node *h, int k) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(3);
    n->key = k;
    n->tag = "a";
    n->color = BLACK;
    n->right = h->right;
    n->left = h;
    h->right = n;
}

static int ring(const struct node *h) {
    int s = 0;
    for (const struct node *p = h->right; p != h; p = p->right)
        s += p->key;
    return s;
}

static void unring(struct node *h) {
    while (h->right != h) {
        struct node *n = h->right;
        h->right = n->right;
        free(n);
    }
}

int main(void) {
    printf("nil %s %d %d %d\n", nil.tag, nil.key, nil.color, nil.left == &nil && root == &nil);
    for (int i = 0; i < 30; i++)
        root = insert(root, (i * 7) % 19);
    printf("tree %d\n", sum(root));
    for (int i = 0; i < 4; i++)
        printf("head %d: %d %s %d %d\n", i, heads[i].key, heads[i].tag ? heads[i].tag : "-",
               heads[i].color, heads[i].right == &heads[i]);
    for (int i = 0; i < 5; i++) {
        append(&heads[1], i);
        append(heads + 3, 10 * i);
    }
    printf("rings %d %d\n", ring(&heads[1]), ring(&heads[3]));
    printf("pair %d %d %s %s\n", pair[0].left->key, pair[1].right->key, pair[0].right->tag,
           pair[1].tag);
    append(&pair[0], 100);
    printf("pair ring %d\n", pair[0].right->key + pair[0].right->right->key);
    free(pair[0].right);
    unring(&heads[1]);
    unring(&heads[3]);
    drop(root);
    return 0;
}
