/* One comparator type serves the program's own list search and bsearch over an array of
   keys wrapped in items: bsearch calls its comparator with the original signature, so
   the class cannot be cloned and the list stays unchanged, with the reason. */
// EXPECT: {"type": "struct item", "owner": "main", "pooled": false}
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

typedef int (*cmp_fn)(const void *a, const void *b);

static int cmp_item(const void *a, const void *b) {
    const struct item *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

static const struct item *find(const struct item *l, const struct item *probe, cmp_fn cmp) {
    for (; l; l = l->next)
        if (cmp(l, probe) == 0)
            return l;
    return NULL;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    struct item *l = NULL;
    for (int i = 0; i < n; i++)
        l = push(l, i * 3, (int)(lcg() % 100));
    struct item probe = {42, 0, NULL};
    const struct item *f = find(l, &probe, cmp_item);
    struct item arr[4] = {{1, 0, NULL}, {5, 1, NULL}, {9, 2, NULL}, {42, 3, NULL}};
    struct item *g = bsearch(&probe, arr, 4, sizeof arr[0], cmp_item);
    printf("%d %d\n", f ? f->val : -1, g ? g->val : -1);
    release(l);
    return 0;
}
