/* A comparator handed to qsort over an array of node pointers: qsort calls it with the
   original signature, so the nodes stay as they are (the function keeps its original
   version). */
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

static int by_key(const void *a, const void *b) {
    const struct item *x = *(const struct item *const *)a, *y = *(const struct item *const *)b;
    return (x->key > y->key) - (x->key < y->key);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 500;
    struct item *l = NULL;
    for (int i = 0; i < n; i++)
        l = push(l, (int)(lcg() % 1000), i);
    struct item **v = malloc((size_t)n * sizeof *v);
    int k = 0;
    for (struct item *p = l; p; p = p->next)
        v[k++] = p;
    qsort(v, (size_t)n, sizeof *v, by_key);
    unsigned long h = 0;
    for (int i = 0; i < n; i++)
        h = h * 31u + (unsigned long)(v[i]->key + v[i]->val);
    printf("h=%lu first=%d last=%d\n", h, v[0]->key, v[n - 1]->key);
    free(v);
    release(l);
    return 0;
}
