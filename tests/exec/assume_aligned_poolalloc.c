/* 24-byte nodes that the program tells the compiler are 16-byte aligned, as malloc
   returns them (__builtin_assume_aligned), before clearing and copying them: the pool
   gives each node malloc's alignment (a 32-byte slot), so the assumption holds. */
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct node", "owner": "main", "pooled": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    struct node *next;
    long key;
    long val;
};

static void reset(struct node *n) { memset(__builtin_assume_aligned(n, 16), 0, sizeof *n); }

static void copy(struct node *d, const struct node *s) {
    memcpy(__builtin_assume_aligned(d, 16), __builtin_assume_aligned(s, 16), 16);
}

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 300; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        reset(n);
        if (h)
            copy(n, h);
        n->key += i;
        n->val = 2 * i;
        n->next = h;
        h = n;
    }
    long s = 0;
    for (struct node *p = h; p; p = p->next)
        s += p->key + p->val;
    printf("%ld\n", s);
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
