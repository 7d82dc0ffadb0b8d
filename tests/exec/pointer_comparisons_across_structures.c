/* Pointers of two structures compared and subtracted (`==`, `!=`, `<`, `-`): a list and
   its copy made by another function, two lists made by one function, and a list with
   itself, each pair passed to functions that compare every node of one with every node
   of the other. The comparison unifies what it compares (analysis/LocalGraphs.cpp), so
   equal indices mean one object: with a pool each, the first node of every list would
   have the same index. The same program with 16-bit indices, whose pools are never
   shared otherwise: tests/exec/pointer_comparisons_across_structures16.c. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

static struct node *build(int n) {
    struct node *h = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof(struct node));
        x->v = i;
        x->next = h;
        h = x;
    }
    return h;
}

static struct node *copy_list(struct node *a) {
    struct node *h = NULL, *last = NULL;
    for (; a; a = a->next) {
        struct node *x = malloc(sizeof(struct node));
        x->v = a->v;
        x->next = NULL;
        if (last)
            last->next = x;
        else
            h = x;
        last = x;
    }
    return h;
}

static int share_eq(struct node *a, struct node *b) {
    for (struct node *p = a; p; p = p->next)
        for (struct node *q = b; q; q = q->next)
            if (p == q) return 1;
    return 0;
}

static int share_ne(struct node *a, struct node *b) {
    for (struct node *p = a; p; p = p->next)
        for (struct node *q = b; q; q = q->next)
            if (!(p != q)) return 1;
    return 0;
}

static int share_lt(struct node *a, struct node *b) {
    for (struct node *p = a; p; p = p->next)
        for (struct node *q = b; q; q = q->next)
            if (!(p < q) && !(q < p)) return 1;
    return 0;
}

static int share_sub(struct node *a, struct node *b) {
    for (struct node *p = a; p; p = p->next)
        for (struct node *q = b; q; q = q->next)
            if (p - q == 0) return 1;
    return 0;
}

static void free_list(struct node *h) {
    while (h) { struct node *n = h->next; free(h); h = n; }
}

int main(void) {
    struct node *a = build(10);
    struct node *b = copy_list(a);   /* copy made by a different function */
    struct node *c = build(10);      /* second list, same function */
    printf("eq  a/b %d a/c %d a/a %d\n", share_eq(a, b), share_eq(a, c), share_eq(a, a));
    printf("ne  a/b %d a/c %d a/a %d\n", share_ne(a, b), share_ne(a, c), share_ne(a, a));
    printf("lt  a/b %d a/c %d a/a %d\n", share_lt(a, b), share_lt(a, c), share_lt(a, a));
    printf("sub a/b %d a/c %d a/a %d\n", share_sub(a, b), share_sub(a, c), share_sub(a, a));
    free_list(a);
    free_list(b);
    free_list(c);
    return 0;
}
