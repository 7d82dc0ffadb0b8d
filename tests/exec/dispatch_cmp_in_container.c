/* Comparators stored in the container, as sorted containers keep the order they were
   created with (`s->cmp(a, b)`): two sorted lists of records, one by key ascending and
   one by weight descending then key, each created with its comparator and its nodes
   allocated through a hooks struct. The comparator type's functions get clones with the
   list's pool, the member `cmp` is retyped to the clone signature, and the comparators
   stored by sorted_new name the clones. Both lists are created by main from the same
   allocation sites: one pool holds both lists' containers, one both lists' records. */
// ARGS: 2500
// EXPECT: {"type": "struct sorted", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32, "pool": "P_sorted", "note": "one pool for 2 structures"}
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32, "pool": "P_rec", "note": "one pool for 2 structures", "hooks": [{"hook": "hooks.free_fn", "targets": ["free"], "decision": "pool free"}, {"hook": "hooks.malloc_fn", "targets": ["malloc"], "decision": "pool allocation"}]}
#include <stdio.h>
#include <stdlib.h>

struct mem_hooks {
    void *(*malloc_fn)(size_t);
    void (*free_fn)(void *);
};

static struct mem_hooks hooks = {malloc, free};

struct rec {
    unsigned key;
    int weight;
    struct rec *next;
};

typedef int (*rec_cmp)(const struct rec *a, const struct rec *b);

struct sorted {
    rec_cmp cmp;
    struct rec *head;
    unsigned len;
};

static int by_key(const struct rec *a, const struct rec *b) {
    return a->key < b->key ? -1 : a->key > b->key;
}

static int by_weight_desc(const struct rec *a, const struct rec *b) {
    if (a->weight != b->weight)
        return a->weight > b->weight ? -1 : 1;
    return by_key(a, b);
}

static struct sorted *sorted_new(rec_cmp cmp) {
    struct sorted *s = malloc(sizeof *s);
    if (!s)
        exit(2);
    s->cmp = cmp;
    s->head = NULL;
    s->len = 0;
    return s;
}

static void sorted_add(struct sorted *s, unsigned key, int weight) {
    struct rec *r = hooks.malloc_fn(sizeof *r);
    if (!r)
        exit(2);
    r->key = key;
    r->weight = weight;
    struct rec *prev = NULL, *cur = s->head;
    while (cur && s->cmp(cur, r) <= 0) {
        prev = cur;
        cur = cur->next;
    }
    r->next = cur;
    if (prev)
        prev->next = r;
    else
        s->head = r;
    s->len++;
}

static unsigned sorted_pop(struct sorted *s) {
    struct rec *r = s->head;
    s->head = r->next;
    s->len--;
    unsigned key = r->key;
    hooks.free_fn(r);
    return key;
}

static unsigned long sorted_hash(const struct sorted *s) {
    unsigned long h = 5381;
    for (const struct rec *r = s->head; r; r = r->next)
        h = h * 33 + r->key * 7u + (unsigned)r->weight;
    return h;
}

static void sorted_free(struct sorted *s) {
    while (s->head)
        sorted_pop(s);
    free(s);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 500;
    struct sorted *keys = sorted_new(by_key);
    struct sorted *weights = sorted_new(by_weight_desc);
    unsigned x = 2463534242u;
    for (int i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        sorted_add(keys, x % 100000u, (int)(x % 97u) - 48);
        sorted_add(weights, x % 1000u, (int)(x % 13u));
    }
    unsigned long popped = 0;
    for (int i = 0; i < n / 4; i++)
        popped = popped * 31 + sorted_pop(keys) + 3u * sorted_pop(weights);
    printf("len=%u/%u keys=%lu weights=%lu popped=%lu\n", keys->len, weights->len,
           sorted_hash(keys), sorted_hash(weights), popped);
    sorted_free(keys);
    sorted_free(weights);
    return 0;
}
