/* Arrays of pointers inside nodes: a 4-ary region tree with a parent pointer
   (`struct region *sub[4]`), walked with constant and variable subscripts, through
   pointers to the elements, cleared with memset and counted with the
   sizeof(a) / sizeof(a[0]) idiom; and a 2-3 tree-like node with `struct key *keys[3]`
   pointing into a second structure. */
// ARGS: 6
// EXPECT: {"type": "struct region", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct key", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct key {
    int k;
    struct key *dup;
};

struct region {
    int id;
    struct region *parent;
    struct region *sub[4];
    struct key *keys[3];
    short nkeys;
};

static int next_id;

static struct region *grow(struct region *parent, int depth) {
    struct region *r = malloc(sizeof *r);
    r->id = next_id++;
    r->parent = parent;
    memset(r->sub, 0, sizeof r->sub);
    r->nkeys = 0;
    for (int i = 0; i < 3; i++)
        r->keys[i] = NULL;
    if (depth > 0) {
        int n = (int)(sizeof r->sub / sizeof r->sub[0]);
        for (int i = 0; i < n; i++)
            if ((r->id + i) % 3 != 0)
                r->sub[i] = grow(r, depth - 1);
    }
    return r;
}

static void add_keys(struct region *r) {
    if (!r)
        return;
    for (struct region **s = r->sub; s < r->sub + 4; s++)
        add_keys(*s);
    int want = r->id % 4;
    for (int i = 0; i < want && i < 3; i++) {
        struct key *k = calloc(1, sizeof(struct key));
        k->k = r->id * 10 + i;
        k->dup = i ? r->keys[i - 1] : NULL;
        r->keys[r->nkeys++] = k;
    }
}

static int live(struct region **kids, int n) {
    int c = 0;
    for (int i = 0; i < n; i++)
        c += kids[i] ? 1 + kids[i]->id % 2 : 0;
    return c;
}

static long depth_sum(const struct region *r) {
    long d = 0;
    for (const struct region *p = r->parent; p; p = p->parent)
        d++;
    long s = d;
    for (int i = 0; i < 4; i++)
        s += r->sub[i] ? live(r->sub[i]->sub, 4) : 0;
    for (int i = 0; i < 4; i++)
        if (r->sub[i])
            s += depth_sum(r->sub[i]);
    return s;
}

static long key_sum(const struct region *r) {
    long s = 0;
    for (int i = 0; i < r->nkeys; i++) {
        s += r->keys[i]->k;
        if (r->keys[i]->dup)
            s += r->keys[i]->dup->k % 7;
    }
    if (r->sub[0])
        s += key_sum(r->sub[0]);
    if (r->sub[3])
        s += 2 * key_sum(r->sub[3]);
    struct region **last = &r->sub[2];
    if (*last)
        s += key_sum(*last);
    return s;
}

static void release(struct region *r) {
    if (!r)
        return;
    for (int i = 3; i >= 0; i--)
        release(r->sub[i]);
    for (int i = 0; i < r->nkeys; i++)
        free(r->keys[i]);
    free(r);
}

int main(int argc, char **argv) {
    int depth = argc > 1 ? atoi(argv[1]) : 4;
    struct region *root = grow(NULL, depth);
    add_keys(root);
    printf("regions=%d depth_sum=%ld key_sum=%ld leaf_parent=%d\n", next_id, depth_sum(root),
           key_sum(root), root->sub[1] && root->sub[1]->sub[1] ? root->sub[1]->sub[1]->parent->id : -1);
    release(root);
    return 0;
}
