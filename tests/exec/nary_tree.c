/* N-ary tree in first-child/next-sibling form: random growth by descending from the root,
   recursive size/depth/sum, leaf count by iteration over siblings, recursive free. */
// EXPECT: {"type": "struct ntree", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

typedef struct ntree {
    int value;
    int nchildren;
    struct ntree *first_child;
    struct ntree *next_sibling;
} ntree;

static unsigned long long seed = 2024;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static ntree *make(int value) {
    ntree *t = calloc(1, sizeof(ntree));
    t->value = value;
    return t;
}

static void add_child(ntree *parent, ntree *child) {
    child->next_sibling = parent->first_child;
    parent->first_child = child;
    parent->nchildren++;
}

static ntree *pick_child(ntree *t, unsigned k) {
    ntree *c = t->first_child;
    while (k-- && c->next_sibling)
        c = c->next_sibling;
    return c;
}

static int size(const ntree *t) {
    int s = 1;
    for (const ntree *c = t->first_child; c; c = c->next_sibling)
        s += size(c);
    return s;
}

static int depth(const ntree *t) {
    int d = 0;
    for (const ntree *c = t->first_child; c; c = c->next_sibling) {
        int cd = depth(c);
        if (cd > d)
            d = cd;
    }
    return d + 1;
}

static unsigned checksum(const ntree *t, unsigned level) {
    unsigned s = (unsigned)t->value * (level + 1u);
    for (const ntree *c = t->first_child; c; c = c->next_sibling)
        s = s * 17u + checksum(c, level + 1);
    return s;
}

static int leaves(const ntree *t) {
    if (!t->first_child)
        return 1;
    int n = 0;
    for (const ntree *c = t->first_child; c; c = c->next_sibling)
        n += leaves(c);
    return n;
}

static void destroy(ntree *t) {
    ntree *c = t->first_child;
    while (c) {
        ntree *next = c->next_sibling;
        destroy(c);
        c = next;
    }
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    ntree *root = make(0);
    for (int i = 1; i < n; i++) {
        ntree *at = root;
        while (at->first_child && lcg() % 3 != 0)
            at = pick_child(at, lcg() % (unsigned)at->nchildren);
        add_child(at, make(i));
    }
    printf("size=%d depth=%d leaves=%d root_children=%d sum=%u\n", size(root), depth(root),
           leaves(root), root->nchildren, checksum(root, 0));
    destroy(root);
    return 0;
}
