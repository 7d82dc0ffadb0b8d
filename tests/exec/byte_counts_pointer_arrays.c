/* Byte counts on arrays of node pointers that become arrays of indices
   (tool/rules/ByteCounts.h), wherever the array lives: a heap array a node's field
   points to, grown with malloc + memcpy (`sizeof(struct node *) * order`) and with
   realloc, shifted with memmove and compared with memcmp (`n * sizeof *k`); a member
   array cleared by a constructor that never reads it; and a bucket array allocated by
   a function that returns it and cleared by one that only memsets it (both see the
   array only as `struct node **`). */
// EXPECT: {"type": "struct bnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct trie", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct entry", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Binomial-heap-like trees: each node keeps its subtrees in a heap array. */
struct bnode {
    int key;
    int order;
    struct bnode **kids;
};

static struct bnode *bnode_new(int key) {
    struct bnode *n = malloc(sizeof(struct bnode));
    n->key = key;
    n->order = 0;
    n->kids = NULL;
    return n;
}

static void add_child_copy(struct bnode *p, struct bnode *c) {
    int order = p->order;
    struct bnode **k = malloc(sizeof(struct bnode *) * (order + 1));
    if (order > 0)
        memcpy(k + 1, p->kids, sizeof(struct bnode *) * order);
    k[0] = c;
    free(p->kids);
    p->kids = k;
    p->order = order + 1;
}

static void add_child_realloc(struct bnode *p, struct bnode *c) {
    p->kids = realloc(p->kids, (p->order + 1) * sizeof *p->kids);
    memmove(p->kids + 1, p->kids, p->order * sizeof *p->kids);
    p->kids[0] = c;
    p->order++;
}

static struct bnode *link_trees(struct bnode *a, struct bnode *b, int grow) {
    if (b->key < a->key) {
        struct bnode *t = a;
        a = b;
        b = t;
    }
    if (grow)
        add_child_realloc(a, b);
    else
        add_child_copy(a, b);
    return a;
}

static struct bnode *build(int order, int *next, int grow) {
    if (order == 0) {
        int k = (*next)++;
        return bnode_new(k * 7919 % 1000);
    }
    struct bnode *a = build(order - 1, next, grow);
    struct bnode *b = build(order - 1, next, grow);
    return link_trees(a, b, grow);
}

static long bsum(struct bnode *n, int depth) {
    long s = (long)n->key * (depth + 1);
    for (int i = 0; i < n->order; i++)
        s += bsum(n->kids[i], depth + 1);
    return s;
}

static int same_kids(const struct bnode *a, const struct bnode *b) {
    return a->order == b->order && memcmp(a->kids, b->kids, a->order * sizeof *a->kids) == 0;
}

static void bfree(struct bnode *n) {
    for (int i = 0; i < n->order; i++)
        bfree(n->kids[i]);
    free(n->kids);
    free(n);
}

/* A trie whose constructor clears the child array without reading it. */
struct trie {
    struct trie *child[26];
    int end;
};

static struct trie *trie_new(void) {
    struct trie *t = malloc(sizeof(struct trie));
    memset(t->child, 0, 26 * sizeof(struct trie *));
    t->end = 0;
    return t;
}

static void trie_insert(struct trie *t, const char *w) {
    for (; *w; w++) {
        int c = *w - 'a';
        if (!t->child[c])
            t->child[c] = trie_new();
        t = t->child[c];
    }
    t->end = 1;
}

static int trie_count(const struct trie *t) {
    int n = t->end;
    for (int i = 0; i < 26; i++)
        if (t->child[i])
            n += trie_count(t->child[i]);
    return n;
}

static void trie_free(struct trie *t) {
    for (int i = 0; i < 26; i++)
        if (t->child[i])
            trie_free(t->child[i]);
    free(t);
}

/* Hash buckets made and cleared by functions that see only `struct entry **`. */
struct entry {
    int key;
    struct entry *next;
};

static struct entry **buckets_new(size_t nb) { return calloc(nb, sizeof(struct entry *)); }

static void buckets_clear(struct entry **b, size_t nb) { memset(b, 0, nb * sizeof(struct entry *)); }

int main(void) {
    for (int grow = 0; grow < 2; grow++) {
        int next = 1;
        struct bnode *t = build(6, &next, grow);
        struct bnode *u = build(1, &next, grow);
        printf("%s: min %d order %d sum %ld same %d/%d\n", grow ? "realloc" : "memcpy", t->key,
               t->order, bsum(t, 0), same_kids(t, t), same_kids(u, t->kids[t->order - 1]));
        bfree(t);
        bfree(u);
    }

    static const char *words[] = {"tree", "trie", "try", "apple", "apply", "bee", "beet", "zoo"};
    struct trie *root = trie_new();
    trie_insert(root, "z");
    for (int i = 0; i < 4; i++)
        trie_insert(root, words[i]);
    trie_free(root->child['z' - 'a']);
    root->child['z' - 'a'] = NULL;
    for (int i = 4; i < 8; i++)
        trie_insert(root, words[i]);
    printf("trie words %d\n", trie_count(root));
    trie_free(root);

    size_t nb = 16;
    struct entry **b = buckets_new(nb);
    for (int round = 0; round < 3; round++) {
        for (int k = 0; k < 40; k++) {
            struct entry *e = malloc(sizeof(struct entry));
            e->key = k * 37 + round;
            e->next = b[e->key % nb];
            b[e->key % nb] = e;
        }
        long s = 0;
        for (size_t i = 0; i < nb; i++)
            for (struct entry *e = b[i]; e; e = e->next)
                s += e->key * (long)(i + 1);
        printf("round %d checksum %ld\n", round, s);
        for (size_t i = 0; i < nb; i++)
            while (b[i]) {
                struct entry *e = b[i]->next;
                free(b[i]);
                b[i] = e;
            }
        buckets_clear(b, nb);
    }
    free(b);
    return 0;
}
