/* A function pointer held in a static global (initialised with one function, assigned
   another at run time) and in a local chosen by a condition; both are called with list
   nodes. The global's initialiser and the assignments name the clones. */
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

typedef int (*pick_fn)(const struct item *a, const struct item *b);

static int larger_key(const struct item *a, const struct item *b) { return a->key > b->key; }
static int larger_val(const struct item *a, const struct item *b) {
    return a->val > b->val || (a->val == b->val && a->key > b->key);
}

static pick_fn current = larger_key;

static const struct item *best(const struct item *l, pick_fn better) {
    const struct item *b = l;
    for (; l; l = l->next)
        if (better(l, b))
            b = l;
    return b;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct item *l = NULL;
    for (int i = 0; i < n; i++)
        l = push(l, (int)(lcg() % 100000), (int)(lcg() % 50));
    const struct item *b1 = best(l, current);
    current = larger_val;
    const struct item *b2 = best(l, current);
    pick_fn local = n % 2 ? larger_key : larger_val;
    const struct item *b3 = best(l, local);
    printf("%d/%d %d/%d %d/%d\n", b1->key, b1->val, b2->key, b2->val, b3->key, b3->val);
    release(l);
    return 0;
}
