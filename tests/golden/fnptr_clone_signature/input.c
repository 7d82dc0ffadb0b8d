/* A comparator typedef passed to the program's own search: the comparators get clones
   with one signature (the pool first), the typedef takes that signature, the table of
   comparators names the clones and the call through the pointer passes the pool. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

typedef int (*better_fn)(const struct node *a, const struct node *b);

static int smaller(const struct node *a, const struct node *b) { return a->key < b->key; }
static int larger(const struct node *a, const struct node *b) { return a->key > b->key; }

static const struct node *best(const struct node *l, better_fn better) {
    const struct node *b = l;
    for (; l; l = l->next)
        if (better(l, b))
            b = l;
    return b;
}

int main(void) {
    struct node *l = NULL;
    for (int i = 0; i < 10; i++) {
        struct node *n = malloc(sizeof *n);
        n->key = (i * 7) % 10;
        n->next = l;
        l = n;
    }
    better_fn fns[2] = {smaller, larger};
    for (int k = 0; k < 2; k++)
        printf("%d\n", best(l, fns[k])->key);
    while (l) {
        struct node *next = l->next;
        free(l);
        l = next;
    }
    return 0;
}
