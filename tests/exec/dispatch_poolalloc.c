/* Pool allocation only (--mode=poolalloc): the comparators of the program's own merge
   sort still get clones that take the pool, their parameters stay pointers. */
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": false, "pooled": true}
#include <stdio.h>
#include <stdlib.h>

struct rec {
    int a, b;
    struct rec *next;
};

typedef int (*cmp_fn)(const struct rec *, const struct rec *);

static int by_a(const struct rec *x, const struct rec *y) { return (x->a > y->a) - (x->a < y->a); }
static int by_b(const struct rec *x, const struct rec *y) { return (x->b > y->b) - (x->b < y->b); }

static struct rec *merge(struct rec *x, struct rec *y, cmp_fn cmp) {
    struct rec *head = NULL, *tail = NULL;
    while (x && y) {
        struct rec *take;
        if (cmp(x, y) <= 0) {
            take = x;
            x = x->next;
        } else {
            take = y;
            y = y->next;
        }
        if (tail)
            tail->next = take;
        else
            head = take;
        tail = take;
    }
    if (tail)
        tail->next = x ? x : y;
    else
        head = x ? x : y;
    return head;
}

static struct rec *sort(struct rec *l, cmp_fn cmp) {
    if (!l || !l->next)
        return l;
    struct rec *slow = l, *fast = l->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct rec *second = slow->next;
    slow->next = NULL;
    return merge(sort(l, cmp), sort(second, cmp), cmp);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct rec *l = NULL;
    for (int i = 0; i < n; i++) {
        struct rec *r = malloc(sizeof *r);
        r->a = i * 37 % 101;
        r->b = i * 91 % 1009;
        r->next = l;
        l = r;
    }
    l = sort(l, by_a);
    printf("%d %d\n", l->a, l->b);
    l = sort(l, by_b);
    printf("%d %d\n", l->a, l->b);
    unsigned long h = 0;
    for (struct rec *p = l; p; p = p->next)
        h = h * 31u + (unsigned long)p->a;
    printf("%lu\n", h);
    while (l) {
        struct rec *next = l->next;
        free(l);
        l = next;
    }
    return 0;
}
