/* Pointer fields inside an array member and inside a nested struct: a binary trie with
   `struct trie *child[2]` and a list whose links sit in an embedded `struct links`.
   Both are compressed: the trie's array member becomes `pc_idx32 child[2]`, the item's
   embedded links become a `struct links_pc32` of indices. */
// EXPECT: {"type": "struct trie", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct trie {
    int count;
    struct trie *child[2];
};

struct links {
    struct item *next;
    struct item *prev;
};

struct item {
    int v;
    struct links l;
};

static unsigned long long seed = 222;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct trie *trie_new(void) {
    return calloc(1, sizeof(struct trie));
}

static void trie_add(struct trie *t, unsigned key, int bits) {
    for (int b = bits - 1; b >= 0; b--) {
        t->count++;
        unsigned dir = (key >> b) & 1u;
        if (!t->child[dir])
            t->child[dir] = trie_new();
        t = t->child[dir];
    }
    t->count++;
}

static int trie_nodes(const struct trie *t) {
    return t ? 1 + trie_nodes(t->child[0]) + trie_nodes(t->child[1]) : 0;
}

static void trie_free(struct trie *t) {
    if (t) {
        trie_free(t->child[0]);
        trie_free(t->child[1]);
        free(t);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    struct trie *root = trie_new();
    struct item *first = NULL, *last = NULL;
    for (int i = 0; i < n; i++) {
        unsigned k = lcg() % 4096u;
        trie_add(root, k, 12);
        struct item *it = malloc(sizeof *it);
        it->v = (int)k;
        it->l.next = NULL;
        it->l.prev = last;
        if (last)
            last->l.next = it;
        else
            first = it;
        last = it;
    }
    long fwd = 0, bwd = 0;
    for (struct item *it = first; it; it = it->l.next)
        fwd = fwd * 7 % 1000003 + it->v;
    for (struct item *it = last; it; it = it->l.prev)
        bwd = bwd * 7 % 1000003 + it->v;
    printf("trie=%d root=%d left=%d fwd=%ld bwd=%ld\n", trie_nodes(root), root->count,
           root->child[0] ? root->child[0]->count : 0, fwd, bwd);
    trie_free(root);
    while (first) {
        struct item *next = first->l.next;
        free(first);
        first = next;
    }
    return 0;
}
