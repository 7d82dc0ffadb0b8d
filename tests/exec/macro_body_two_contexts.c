/* One accessor macro in two contexts: total() is called with a list built by build()
   (pooled) and with a list built by build_kept() (left unchanged: its pointers go through
   an integer and back), so it has two versions: the original keeps `NEXT(l)` as written,
   the clone writes the expansion with its pool. A second struct type uses the same
   macro. */
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true, "pool": "P_a"}
// EXPECT: {"type": "struct cell", "pooled": false, "reason": "integer cast to pointer"}
// EXPECT: {"type": "struct pair", "owner": "main", "indexed": true, "compressed": true}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int v;
    struct cell *next;
};

struct pair {
    double w;
    struct pair *next;
};

#define NEXT(c) ((c)->next)
#define VAL(c) ((c)->v)
#define PUSH_FRONT(list, c) (NEXT(c) = (list), (list) = (c))

static struct cell *build(int n, int mul) {
    struct cell *l = NULL;
    for (int i = 0; i < n; i++) {
        struct cell *c = malloc(sizeof *c);
        VAL(c) = i * mul % 101;
        PUSH_FRONT(l, c);
    }
    return l;
}

static struct cell *build_kept(int n, int mul) {
    struct cell *l = NULL;
    for (int i = 0; i < n; i++) {
        struct cell *c = (struct cell *)(uintptr_t)malloc(sizeof *c);
        VAL(c) = i * mul % 103;
        PUSH_FRONT(l, c);
    }
    return l;
}

static long total(const struct cell *l) {
    long s = 0;
    for (; l; l = NEXT(l))
        s += VAL(l);
    return s;
}

static void drop(struct cell *l) {
    while (l) {
        struct cell *n = NEXT(l);
        free(l);
        l = n;
    }
}

int main(void) {
    struct cell *a = build(300, 3);
    struct cell *b = build_kept(200, 7);
    struct pair *p = NULL;
    for (int i = 0; i < 50; i++) {
        struct pair *q = malloc(sizeof *q);
        q->w = i / 4.0;
        PUSH_FRONT(p, q);
    }
    double w = 0;
    for (struct pair *q = p; q; q = NEXT(q))
        w += q->w;
    printf("a=%ld b=%ld w=%.2f\n", total(a), total(b), w);
    drop(a);
    drop(b);
    while (p) {
        struct pair *q = NEXT(p);
        free(p);
        p = q;
    }
    return 0;
}
