/* A callback typedef passed to the program's own traversal: the visitor receives each
   node. Both visitors get clones taking the pool, the typedef is retyped. */
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int key, val;
    struct item *next;
};

static unsigned long long seed = 11;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct item *push(struct item *list, int key, int val) {
    struct item *it = malloc(sizeof *it);
    it->key = key;
    it->val = val;
    it->next = list;
    return it;
}

static void release(struct item *l) {
    while (l) {
        struct item *next = l->next;
        free(l);
        l = next;
    }
}

typedef void (*visit_fn)(const struct item *it, long *acc);

static void add_key(const struct item *it, long *acc) { *acc += it->key; }
static void add_weighted(const struct item *it, long *acc) { *acc += (long)it->key * it->val; }

static void each(const struct item *l, visit_fn fn, long *acc) {
    for (; l; l = l->next)
        fn(l, acc);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    struct item *l = NULL;
    for (int i = 0; i < n; i++)
        l = push(l, (int)(lcg() % 1000), (int)(lcg() % 10));
    long a = 0, b = 0;
    each(l, add_key, &a);
    each(l, add_weighted, &b);
    printf("a=%ld b=%ld\n", a, b);
    release(l);
    return 0;
}
