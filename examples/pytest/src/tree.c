/* A word-frequency tree (compressed by ptrcomp) and a table of records sorted with qsort
   (left unchanged: qsort is code ptrcomp cannot see). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    unsigned key;
    int count;
    struct node *left, *right;
};

struct rec {
    unsigned key;
    int count;
};

static struct node *insert(struct node *t, unsigned key) {
    if (t == NULL) {
        t = malloc(sizeof *t);
        t->key = key;
        t->count = 1;
        t->left = t->right = NULL;
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else if (key > t->key) {
        t->right = insert(t->right, key);
    } else {
        t->count++;
    }
    return t;
}

static int size(const struct node *t) {
    return t ? size(t->left) + 1 + size(t->right) : 0;
}

static void collect(const struct node *t, struct rec **out, int *n) {
    if (t == NULL)
        return;
    collect(t->left, out, n);
    struct rec *r = malloc(sizeof *r);
    r->key = t->key;
    r->count = t->count;
    out[(*n)++] = r;
    collect(t->right, out, n);
}

static void destroy(struct node *t) {
    if (t == NULL)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
}

static int by_count(const void *a, const void *b) {
    const struct rec *x = *(struct rec *const *)a, *y = *(struct rec *const *)b;
    if (x->count != y->count)
        return y->count - x->count;
    return x->key < y->key ? -1 : x->key > y->key;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    unsigned seed = 12345;
    struct node *t = NULL;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1103515245u + 12345u;
        t = insert(t, (seed >> 16) % 97);
    }
    int distinct = size(t);
    struct rec **recs = malloc(sizeof *recs * (distinct ? distinct : 1));
    int m = 0;
    collect(t, recs, &m);
    qsort(recs, m, sizeof *recs, by_count);
    printf("%d keys, %d distinct\n", n, distinct);
    for (int i = 0; i < 3 && i < m; ++i)
        printf("key %u seen %d times\n", recs[i]->key, recs[i]->count);
    for (int i = 0; i < m; ++i)
        free(recs[i]);
    free(recs);
    destroy(t);
    return 0;
}
