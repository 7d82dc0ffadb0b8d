/* Function pointers: a list merge sort parameterised by a comparator taking node
   pointers, called with three different comparators. The comparators get clones with one common
   signature (the pools first), the typedef is retyped to it and the calls pass the pools. */
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct rec {
    int a, b;
    struct rec *next;
};

typedef int (*cmp_fn)(const struct rec *, const struct rec *);

static unsigned long long seed = 3;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static int by_a(const struct rec *x, const struct rec *y) { return (x->a > y->a) - (x->a < y->a); }
static int by_b(const struct rec *x, const struct rec *y) { return (x->b > y->b) - (x->b < y->b); }
static int by_sum_desc(const struct rec *x, const struct rec *y) {
    int sx = x->a + x->b, sy = y->a + y->b;
    return (sx < sy) - (sx > sy);
}

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
    struct rec *rest = x ? x : y;
    if (tail)
        tail->next = rest;
    else
        head = rest;
    return head;
}

static struct rec *sort(struct rec *list, cmp_fn cmp) {
    if (!list || !list->next)
        return list;
    struct rec *slow = list, *fast = list->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct rec *second = slow->next;
    slow->next = NULL;
    return merge(sort(list, cmp), sort(second, cmp), cmp);
}

static unsigned digest(const struct rec *p) {
    unsigned h = 0;
    for (; p; p = p->next)
        h = h * 131u + (unsigned)p->a * 7u + (unsigned)p->b;
    return h;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    struct rec *list = NULL;
    for (int i = 0; i < n; i++) {
        struct rec *r = malloc(sizeof *r);
        r->a = (int)(lcg() % 100);
        r->b = (int)(lcg() % 1000);
        r->next = list;
        list = r;
    }
    cmp_fn fns[3] = {by_a, by_b, by_sum_desc};
    for (int k = 0; k < 3; k++) {
        list = sort(list, fns[k]);
        printf("cmp %d: first=(%d,%d) digest=%u\n", k, list->a, list->b, digest(list));
    }
    list = sort(list, by_a); /* stable: ties keep the by_sum_desc order */
    printf("final digest=%u\n", digest(list));
    while (list) {
        struct rec *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
