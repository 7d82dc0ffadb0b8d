/* One builder and one consumer called from two functions with different fates: `evens`
   keeps its list and sums it, `odds` reverses it and frees half before summing. Each
   caller owns its own pool; both use the same clones. */
// EXPECT: {"type": "struct elem", "owner": "evens", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct elem", "owner": "odds", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct elem {
    int v;
    struct elem *next;
};

static struct elem *build(int n, int first) {
    struct elem *h = NULL;
    for (int i = n - 1; i >= 0; i--) {
        struct elem *e = malloc(sizeof(struct elem));
        e->v = first + 2 * i;
        e->next = h;
        h = e;
    }
    return h;
}

static long total(const struct elem *e) {
    long s = 0;
    for (; e; e = e->next)
        s = s * 3 % 1000003 + e->v;
    return s;
}

static void release(struct elem *e) {
    while (e) {
        struct elem *n = e->next;
        free(e);
        e = n;
    }
}

static long evens(int n) {
    struct elem *l = build(n, 0);
    long s = total(l);
    release(l);
    return s;
}

static long odds(int n) {
    struct elem *l = build(n, 1), *rev = NULL;
    while (l) {
        struct elem *n2 = l->next;
        l->next = rev;
        rev = l;
        l = n2;
    }
    int k = 0;
    struct elem *keep = NULL;
    while (rev) {
        struct elem *n2 = rev->next;
        if (k++ % 2) {
            free(rev);
        } else {
            rev->next = keep;
            keep = rev;
        }
        rev = n2;
    }
    long s = total(keep);
    release(keep);
    return s;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    for (int r = 1; r <= 3; r++)
        printf("%d: evens=%ld odds=%ld\n", r, evens(n * r), odds(n * r));
    return 0;
}
