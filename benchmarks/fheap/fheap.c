/*
 * fheap: single-source shortest paths (Dijkstra) on a random sparse directed graph, with
 * a Fibonacci heap (Fredman & Tarjan) as the priority queue. Written in the macro-heavy
 * style of classic C: every field of a vertex, of its heap links and of its edges is
 * reached only through accessor macros, and the heap's list surgery is done by
 * statement macros.
 *
 * Each vertex is its own heap node: the heap links (parent, child, left, right sibling
 * in a circular doubly linked list), degree and mark live in the vertex. Edges are kept
 * in a singly linked list per vertex. Vertices enter the heap when first reached and
 * their key is lowered by decrease-key (cut and cascading cut); extract-min links roots
 * of equal degree through a table indexed by degree.
 *
 * usage: fheap VERTICES [DEGREE [SOURCES]]
 */
#include <stdio.h>
#include <stdlib.h>

struct edge {
    struct vertex *to;
    unsigned weight;
    struct edge *next;
};

struct vertex {
    unsigned long long dist;
    struct edge *edges;
    struct vertex *parent, *child, *left, *right;
    int degree;
    int mark;
    int state; /* 0: not reached, 1: in the heap, 2: done */
};

/* accessors: the only way the program reaches a field */
#define DIST(v) ((v)->dist)
#define EDGES(v) ((v)->edges)
#define PARENT(v) ((v)->parent)
#define CHILD(v) ((v)->child)
#define LEFT(v) ((v)->left)
#define RIGHT(v) ((v)->right)
#define DEGREE(v) ((v)->degree)
#define MARK(v) ((v)->mark)
#define STATE(v) ((v)->state)
#define ETO(e) ((e)->to)
#define EWEIGHT(e) ((e)->weight)
#define ENEXT(e) ((e)->next)

#define NEW(T) ((T *)malloc(sizeof(T)))
#define CHECK(p)                                          \
    do {                                                  \
        if ((p) == NULL) {                                \
            fprintf(stderr, "fheap: out of memory\n");    \
            exit(1);                                      \
        }                                                 \
    } while (0)

/* a node alone in a circular list of its own */
#define MAKE_SINGLETON(x)                                 \
    do {                                                  \
        LEFT(x) = (x);                                    \
        RIGHT(x) = (x);                                   \
    } while (0)
/* insert x to the right of a in a's circular list */
#define SPLICE_AFTER(a, x)                                \
    do {                                                  \
        LEFT(x) = (a);                                    \
        RIGHT(x) = RIGHT(a);                              \
        LEFT(RIGHT(a)) = (x);                             \
        RIGHT(a) = (x);                                   \
    } while (0)
/* take x out of its circular list */
#define UNSPLICE(x)                                       \
    do {                                                  \
        RIGHT(LEFT(x)) = RIGHT(x);                        \
        LEFT(RIGHT(x)) = LEFT(x);                         \
    } while (0)
#define SWAP_VERTEX(a, b)                                 \
    do {                                                  \
        struct vertex *swap_tmp_ = (a);                   \
        (a) = (b);                                        \
        (b) = swap_tmp_;                                  \
    } while (0)
#define FOR_EDGES(e, v) for ((e) = EDGES(v); (e) != NULL; (e) = ENEXT(e))

#define INF (~0ULL)
#define MAX_DEGREE 64

struct heap {
    struct vertex *min;
    long count;
};

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

static unsigned rng_next(void)
{
    /* 64-bit xorshift, upper half */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 32);
}

static void add_root(struct heap *h, struct vertex *x)
{
    PARENT(x) = NULL;
    MARK(x) = 0;
    if (h->min == NULL) {
        MAKE_SINGLETON(x);
        h->min = x;
    } else {
        SPLICE_AFTER(h->min, x);
        if (DIST(x) < DIST(h->min))
            h->min = x;
    }
}

static void heap_insert(struct heap *h, struct vertex *x)
{
    DEGREE(x) = 0;
    CHILD(x) = NULL;
    add_root(h, x);
    h->count++;
}

/* make root y a child of root x (both already out of the root list's way) */
static void link_child(struct vertex *y, struct vertex *x)
{
    UNSPLICE(y);
    PARENT(y) = x;
    if (CHILD(x) == NULL) {
        MAKE_SINGLETON(y);
        CHILD(x) = y;
    } else {
        SPLICE_AFTER(CHILD(x), y);
    }
    DEGREE(x)++;
    MARK(y) = 0;
}

static void consolidate(struct heap *h)
{
    struct vertex *table[MAX_DEGREE];
    struct vertex *w, *next, *stop;
    int d, i;

    for (i = 0; i < MAX_DEGREE; i++)
        table[i] = NULL;
    /* walk the root list once; roots linked below leave it, so remember where to stop */
    w = h->min;
    stop = LEFT(w);
    for (;;) {
        struct vertex *x = w;
        int last = (w == stop);
        next = RIGHT(w);
        d = DEGREE(x);
        while (table[d] != NULL) {
            struct vertex *y = table[d];
            if (DIST(y) < DIST(x))
                SWAP_VERTEX(x, y);
            if (y == stop)
                stop = LEFT(y); /* never happens for the last root: it is x */
            link_child(y, x);
            table[d] = NULL;
            d++;
        }
        table[d] = x;
        if (last)
            break;
        w = next;
    }
    h->min = NULL;
    for (i = 0; i < MAX_DEGREE; i++) {
        if (table[i] != NULL)
            add_root(h, table[i]);
    }
}

static struct vertex *extract_min(struct heap *h)
{
    struct vertex *z = h->min;
    struct vertex *c;

    if (z == NULL)
        return NULL;
    /* children become roots */
    c = CHILD(z);
    while (c != NULL) {
        struct vertex *nc = RIGHT(c) == c ? NULL : RIGHT(c);
        if (nc != NULL)
            UNSPLICE(c);
        PARENT(c) = NULL;
        MARK(c) = 0;
        SPLICE_AFTER(z, c);
        c = nc;
    }
    CHILD(z) = NULL;
    if (RIGHT(z) == z) {
        h->min = NULL;
    } else {
        h->min = RIGHT(z);
        UNSPLICE(z);
        consolidate(h);
    }
    h->count--;
    return z;
}

static void cut(struct heap *h, struct vertex *x, struct vertex *y)
{
    if (RIGHT(x) == x) {
        CHILD(y) = NULL;
    } else {
        if (CHILD(y) == x)
            CHILD(y) = RIGHT(x);
        UNSPLICE(x);
    }
    DEGREE(y)--;
    add_root(h, x);
}

static void cascading_cut(struct heap *h, struct vertex *y)
{
    struct vertex *z = PARENT(y);

    while (z != NULL) {
        if (!MARK(y)) {
            MARK(y) = 1;
            return;
        }
        cut(h, y, z);
        y = z;
        z = PARENT(y);
    }
}

static void decrease_key(struct heap *h, struct vertex *x, unsigned long long k)
{
    struct vertex *y = PARENT(x);

    DIST(x) = k;
    if (y != NULL && DIST(x) < DIST(y)) {
        cut(h, x, y);
        cascading_cut(h, y);
    }
    if (DIST(x) < DIST(h->min))
        h->min = x;
}

static struct vertex *new_vertex(void)
{
    struct vertex *v = NEW(struct vertex);
    CHECK(v);
    DIST(v) = INF;
    EDGES(v) = NULL;
    PARENT(v) = CHILD(v) = LEFT(v) = RIGHT(v) = NULL;
    DEGREE(v) = 0;
    MARK(v) = 0;
    STATE(v) = 0;
    return v;
}

static void add_edge(struct vertex *from, struct vertex *to, unsigned weight)
{
    struct edge *e = NEW(struct edge);
    CHECK(e);
    ETO(e) = to;
    EWEIGHT(e) = weight;
    ENEXT(e) = EDGES(from);
    EDGES(from) = e;
}

/* Dijkstra from src; returns a checksum of the distances and counts what was reached */
static unsigned long long shortest_paths(struct vertex **vs, long n, struct vertex *src,
                                         long *reached, unsigned long long *far)
{
    struct heap h = {NULL, 0};
    struct vertex *u;
    struct edge *e;
    unsigned long long sum = 0;
    long i;

    for (i = 0; i < n; i++) {
        DIST(vs[i]) = INF;
        STATE(vs[i]) = 0;
    }
    DIST(src) = 0;
    STATE(src) = 1;
    heap_insert(&h, src);
    *reached = 0;
    *far = 0;
    while ((u = extract_min(&h)) != NULL) {
        STATE(u) = 2;
        ++*reached;
        sum += DIST(u) * (unsigned long long)(*reached | 1);
        if (DIST(u) > *far)
            *far = DIST(u);
        FOR_EDGES(e, u) {
            struct vertex *v = ETO(e);
            unsigned long long nd = DIST(u) + EWEIGHT(e);
            if (STATE(v) == 0) {
                DIST(v) = nd;
                STATE(v) = 1;
                heap_insert(&h, v);
            } else if (STATE(v) == 1 && nd < DIST(v)) {
                decrease_key(&h, v, nd);
            }
        }
    }
    return sum;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10000;
    int degree = argc > 2 ? atoi(argv[2]) : 6;
    int sources = argc > 3 ? atoi(argv[3]) : 2;
    struct vertex **vs;
    unsigned long long check = 0, far = 0;
    long i, reached = 0;
    int s;

    if (n < 2 || degree < 1 || sources < 1) {
        fprintf(stderr, "usage: fheap VERTICES(>=2) [DEGREE(>=1) [SOURCES(>=1)]]\n");
        return 2;
    }
    vs = malloc((size_t)n * sizeof *vs);
    CHECK(vs);
    for (i = 0; i < n; i++)
        vs[i] = new_vertex();
    for (i = 0; i < n; i++) {
        int k;
        /* a long cheap-ish ring keeps everything reachable; random edges make shortcuts */
        add_edge(vs[i], vs[(i + 1) % n], 500u + rng_next() % 1000u);
        for (k = 1; k < degree; k++) {
            /* one draw per statement: the order of evaluation of arguments is unspecified */
            long to = (long)(rng_next() % (unsigned long)n);
            add_edge(vs[i], vs[to], 1u + rng_next() % 1000u);
        }
    }
    for (s = 0; s < sources; s++) {
        unsigned long long f;
        check = check * 1000003ULL +
                shortest_paths(vs, n, vs[rng_next() % (unsigned long)n], &reached, &f);
        if (f > far)
            far = f;
    }
    printf("fheap n=%ld degree=%d sources=%d reached=%ld far=%llu check=%016llx\n", n,
           degree, sources, reached, far, check);
    for (i = 0; i < n; i++) {
        struct edge *e = EDGES(vs[i]);
        while (e != NULL) {
            struct edge *next = ENEXT(e);
            free(e);
            e = next;
        }
        free(vs[i]);
    }
    free(vs);
    return 0;
}
