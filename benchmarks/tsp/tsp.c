/*
 * tsp: Karp-style partitioning heuristic for the travelling salesman problem.
 * NCITIES random cities are placed in a 2-d tree (each node is a city; its subtrees
 * hold the cities on either side of a cut through its rectangle). Small subtrees are
 * solved directly by cheapest insertion; larger ones merge the tours of their two
 * subtrees and their own city. A tour is a cycle linked through the cities' next/prev
 * pointers.
 *
 * usage: tsp NCITIES [LEAFSIZE]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct city {
    double x, y;
    int count; /* cities in this subtree */
    struct city *left, *right; /* 2-d tree */
    struct city *next, *prev;  /* tour */
};

static unsigned long long rng_state = 0x853C49E6748FEA9BULL;

static double rng_uniform(void)
{
    /* 64-bit LCG, top 53 bits */
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0);
}

static struct city *new_city(double x, double y)
{
    struct city *c = malloc(sizeof(struct city));
    if (c == NULL) {
        fprintf(stderr, "tsp: out of memory\n");
        exit(1);
    }
    c->x = x;
    c->y = y;
    c->count = 1;
    c->left = c->right = NULL;
    c->next = c->prev = c;
    return c;
}

/* n cities uniformly in [x0,x1) x [y0,y1); the root's city lies on the cut line. */
static struct city *build(int n, double x0, double x1, double y0, double y1)
{
    struct city *c;
    int nleft;

    if (n == 0)
        return NULL;
    nleft = (n - 1) / 2;
    if (x1 - x0 >= y1 - y0) {
        double mid = x0 + (x1 - x0) * (0.4 + 0.2 * rng_uniform());
        c = new_city(mid, y0 + (y1 - y0) * rng_uniform());
        c->left = build(nleft, x0, mid, y0, y1);
        c->right = build(n - 1 - nleft, mid, x1, y0, y1);
    } else {
        double mid = y0 + (y1 - y0) * (0.4 + 0.2 * rng_uniform());
        c = new_city(x0 + (x1 - x0) * rng_uniform(), mid);
        c->left = build(nleft, x0, x1, y0, mid);
        c->right = build(n - 1 - nleft, x0, x1, mid, y1);
    }
    c->count = n;
    return c;
}

static double dist(const struct city *a, const struct city *b)
{
    double dx = a->x - b->x, dy = a->y - b->y;
    return sqrt(dx * dx + dy * dy);
}

/* Put c into the tour right after a. */
static void link_after(struct city *a, struct city *c)
{
    c->next = a->next;
    c->prev = a;
    a->next->prev = c;
    a->next = c;
}

/* Insert c into the tour through `tour` where it adds the least length. */
static void cheapest_insert(struct city *tour, struct city *c)
{
    struct city *best = tour, *p = tour;
    double best_cost = 1e300;

    do {
        double cost = dist(p, c) + dist(c, p->next) - dist(p, p->next);
        if (cost < best_cost) {
            best_cost = cost;
            best = p;
        }
        p = p->next;
    } while (p != tour);
    link_after(best, c);
}

/* Add every city of subtree t to the tour through `tour` by cheapest insertion. */
static void insert_all(struct city *tour, struct city *t)
{
    if (t == NULL)
        return;
    cheapest_insert(tour, t);
    insert_all(tour, t->left);
    insert_all(tour, t->right);
}

static struct city *closest_on_tour(struct city *tour, const struct city *c)
{
    struct city *best = tour, *p = tour->next;
    double best_d = dist(tour, c);

    while (p != tour) {
        double d = dist(p, c);
        if (d < best_d) {
            best_d = d;
            best = p;
        }
        p = p->next;
    }
    return best;
}

static void reverse_tour(struct city *tour)
{
    struct city *p = tour;

    do {
        struct city *n = p->next;
        p->next = p->prev;
        p->prev = n;
        p = n;
    } while (p != tour);
}

/* Splice tour b into tour a next to city c (which is on a): c's tour edge (c, n) is
 * replaced by c -> [b, from a city close to c] -> n. */
static void join(struct city *c, struct city *b)
{
    struct city *n = c->next, *q = closest_on_tour(b, c);
    struct city *qn = q->next, *qp = q->prev;
    /* forward: c -> q -> ... -> qp -> n ; backward: c -> q -> ... (prev order) -> qn -> n */
    double fwd = dist(q, c) + dist(qp, n) - dist(q, qp);
    double bwd = dist(q, c) + dist(qn, n) - dist(q, qn);

    if (bwd < fwd) {
        reverse_tour(b);
        qp = qn; /* after reversing, q's predecessor is its old successor */
    }
    c->next = q;
    q->prev = c;
    qp->next = n;
    n->prev = qp;
}

/* Tour of the cities of subtree t; returns one city of the tour. */
static struct city *solve(struct city *t, int leafsize)
{
    struct city *a, *b;

    if (t->count <= leafsize) {
        t->next = t->prev = t;
        insert_all(t, t->left);
        insert_all(t, t->right);
        return t;
    }
    a = t->left != NULL ? solve(t->left, leafsize) : NULL;
    b = t->right != NULL ? solve(t->right, leafsize) : NULL;
    t->next = t->prev = t;
    if (a != NULL) {
        /* put t into a's tour next to its nearest city */
        struct city *p = closest_on_tour(a, t);
        if (dist(p->prev, t) + dist(t, p) - dist(p->prev, p) <
            dist(p, t) + dist(t, p->next) - dist(p, p->next))
            link_after(p->prev, t);
        else
            link_after(p, t);
    }
    if (b != NULL)
        join(t, b);
    return t;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    int leafsize = argc > 2 ? atoi(argv[2]) : 64;
    struct city *root, *tour, *p;
    double length = 0;
    long long visited = 0;

    if (n < 1 || leafsize < 1) {
        fprintf(stderr, "usage: tsp NCITIES [LEAFSIZE]\n");
        return 2;
    }
    root = build(n, 0.0, 1.0, 0.0, 1.0);
    tour = solve(root, leafsize);
    p = tour;
    do {
        length += dist(p, p->next);
        visited++;
        p = p->next;
    } while (p != tour);
    printf("tsp cities=%d visited=%lld length=%.6f\n", n, visited, length);
    return visited == n ? 0 : 1;
}
