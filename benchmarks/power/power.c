/*
 * power: price-based optimisation of a radial power distribution network. The root
 * (substation) feeds NLATERALS laterals; each lateral is a chain of branch segments and
 * every segment serves LEAVES customers. Each iteration the root announces prices for
 * real and reactive power; prices rise along a lateral with the line losses of the
 * previous iteration; every customer picks the demand that maximises its utility at the
 * price it sees; demands are summed back up to the root, which moves its prices towards
 * the point where demand matches the supply.
 *
 * usage: power NLATERALS [ITERS [BRANCHES]]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define LEAVES 10

struct demand {
    double p, q; /* real, reactive */
};

struct leaf {
    double a, b, c;    /* utility a*ln(p) - c*p^2 + b*ln(q) */
    struct demand d;
};

struct branch {
    double r, x;           /* segment resistance, reactance */
    struct demand d;       /* flow through the segment (this and downstream segments) */
    struct branch *next;   /* next segment downstream */
    struct leaf *leaves[LEAVES]; /* array of pointers inside the struct */
};

struct lateral {
    double r, x;
    struct demand d;
    struct lateral *next;
    struct branch *first;
};

struct root {
    double price_p, price_q;
    struct demand d;
    struct lateral *laterals;
};

static unsigned long long rng_state = 0x5DEECE66DULL;

static double rng_unit(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0);
}

static void out_of_memory(void)
{
    fprintf(stderr, "power: out of memory\n");
    exit(1);
}

static struct leaf *make_leaf(void)
{
    struct leaf *l = malloc(sizeof *l);
    if (l == NULL)
        out_of_memory();
    l->a = 0.5 + rng_unit();
    l->b = 0.2 + 0.4 * rng_unit();
    l->c = 0.05 + 0.1 * rng_unit();
    l->d.p = l->d.q = 0;
    return l;
}

static struct branch *make_branches(int n)
{
    struct branch *b;
    int i;

    if (n == 0)
        return NULL;
    b = malloc(sizeof *b);
    if (b == NULL)
        out_of_memory();
    b->r = 1e-8 * (1.0 + rng_unit());
    b->x = 2e-8 * (1.0 + rng_unit());
    b->d.p = b->d.q = 0;
    for (i = 0; i < LEAVES; i++)
        b->leaves[i] = make_leaf();
    b->next = make_branches(n - 1);
    return b;
}

static struct root *make_network(int nlaterals, int nbranches)
{
    struct root *root = malloc(sizeof *root);
    struct lateral *last = NULL;
    int i;

    if (root == NULL)
        out_of_memory();
    root->laterals = NULL;
    root->price_p = 1.0;
    root->price_q = 0.3;
    root->d.p = root->d.q = 0;
    for (i = 0; i < nlaterals; i++) {
        struct lateral *l = malloc(sizeof *l);
        if (l == NULL)
            out_of_memory();
        l->r = 1e-9 * (1.0 + rng_unit());
        l->x = 2e-9 * (1.0 + rng_unit());
        l->d.p = l->d.q = 0;
        l->first = make_branches(nbranches);
        l->next = NULL;
        if (last == NULL)
            root->laterals = l;
        else
            last->next = l;
        last = l;
    }
    return root;
}

/* Utility-maximising demand of a customer at prices (pp, pq). */
static struct demand leaf_demand(struct leaf *l, double pp, double pq)
{
    /* d/dp: a/p - 2cp - pp = 0 ; d/dq: b/q - pq = 0 */
    l->d.p = (sqrt(pp * pp + 8.0 * l->a * l->c) - pp) / (4.0 * l->c);
    l->d.q = l->b / pq;
    return l->d;
}

/* Demand of segment b and everything downstream of it, at prices (pp, pq) at its input.
 * Losses are estimated from the flow of the previous iteration. */
static struct demand branch_demand(struct branch *b, double pp, double pq)
{
    struct demand sum = {0, 0};
    double flow2 = b->d.p * b->d.p + b->d.q * b->d.q;
    int i;

    pp *= 1.0 + b->r * flow2;
    pq *= 1.0 + b->x * flow2;
    for (i = 0; i < LEAVES; i++) {
        struct demand d = leaf_demand(b->leaves[i], pp, pq);
        sum.p += d.p;
        sum.q += d.q;
    }
    if (b->next != NULL) {
        struct demand d = branch_demand(b->next, pp, pq);
        sum.p += d.p;
        sum.q += d.q;
    }
    sum.p += b->r * flow2;
    sum.q += b->x * flow2;
    b->d = sum;
    return sum;
}

static struct demand lateral_demand(struct lateral *l, double pp, double pq)
{
    double flow2 = l->d.p * l->d.p + l->d.q * l->d.q;
    struct demand d = {0, 0};

    if (l->first != NULL)
        d = branch_demand(l->first, pp * (1.0 + l->r * flow2), pq * (1.0 + l->x * flow2));
    d.p += l->r * flow2;
    d.q += l->x * flow2;
    l->d = d;
    return d;
}

static void root_step(struct root *root, double supply_p, double supply_q)
{
    struct lateral *l;
    struct demand total = {0, 0};

    for (l = root->laterals; l != NULL; l = l->next) {
        struct demand d = lateral_demand(l, root->price_p, root->price_q);
        total.p += d.p;
        total.q += d.q;
    }
    root->d = total;
    /* raise prices where demand exceeds supply, lower them otherwise */
    root->price_p *= 1.0 + 0.3 * (total.p / supply_p - 1.0);
    root->price_q *= 1.0 + 0.3 * (total.q / supply_q - 1.0);
}

int main(int argc, char **argv)
{
    int nlaterals = argc > 1 ? atoi(argv[1]) : 100;
    int iters = argc > 2 ? atoi(argv[2]) : 20;
    int nbranches = argc > 3 ? atoi(argv[3]) : 20;
    struct root *root;
    double customers;
    int i;

    if (nlaterals < 1 || iters < 1 || nbranches < 1) {
        fprintf(stderr, "usage: power NLATERALS [ITERS [BRANCHES]]\n");
        return 2;
    }
    root = make_network(nlaterals, nbranches);
    customers = (double)nlaterals * nbranches * LEAVES;
    for (i = 0; i < iters; i++)
        root_step(root, 1.0 * customers, 0.6 * customers);
    printf("power laterals=%d iters=%d price_p=%.9f price_q=%.9f demand_p=%.6f demand_q=%.6f\n",
           nlaterals, iters, root->price_p, root->price_q, root->d.p, root->d.q);
    return 0;
}
