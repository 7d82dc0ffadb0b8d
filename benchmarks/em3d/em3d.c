/*
 * em3d: electromagnetic wave propagation on a bipartite graph. Every E node depends on
 * DEGREE H nodes and every H node on DEGREE E nodes (mostly nearby ones, some anywhere).
 * Each node keeps arrays of pointers to the nodes it depends on and to the nodes that
 * depend on it; an iteration updates all E values from their H neighbours, then all H
 * values from their E neighbours.
 *
 * usage: em3d NNODES [DEGREE [ITERS]]
 */
#include <stdio.h>
#include <stdlib.h>

/* The neighbour lists are heap arrays of node pointers, which the algorithm needs (each
 * node has DEGREE arbitrary neighbours). */
struct node {
    double value;
    struct node *next;        /* list of all nodes of one kind */
    struct node **to;         /* nodes whose value this node contributes to */
    struct node **from;       /* nodes this node's value depends on */
    double *coeff;            /* one weight per `from` entry */
    int to_count, from_count, from_filled;
};

static unsigned long long rng_state = 0xDA942042E4DD58B5ULL;

static unsigned rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (unsigned)((rng_state * 0x2545F4914F6CDD1DULL) >> 32);
}

static double rng_unit(void)
{
    return (rng_next() >> 8) * (1.0 / 16777216.0);
}

static void out_of_memory(void)
{
    fprintf(stderr, "em3d: out of memory\n");
    exit(1);
}

/* A list of n nodes; table[i] is the i-th node (used only while building). */
static struct node *make_list(int n, int degree, struct node **table)
{
    struct node *head = NULL, *last = NULL;
    int i;

    for (i = 0; i < n; i++) {
        struct node *p = malloc(sizeof *p);
        if (p == NULL)
            out_of_memory();
        p->value = rng_unit();
        p->next = NULL;
        p->to = malloc(degree * sizeof *p->to);
        if (p->to == NULL)
            out_of_memory();
        p->from = NULL;
        p->coeff = NULL;
        p->to_count = degree;
        p->from_count = 0;
        p->from_filled = 0;
        table[i] = p;
        if (last == NULL)
            head = p;
        else
            last->next = p;
        last = p;
    }
    return head;
}

/* Choose the `to` neighbours of each node of `list` among `others`: 80% within a small
 * window around the same position, the rest uniformly. */
static void connect(struct node *list, struct node **others, int n)
{
    struct node *p;
    int i = 0, k;

    for (p = list; p != NULL; p = p->next, i++) {
        for (k = 0; k < p->to_count; k++) {
            int j;
            if (rng_next() % 10 < 8)
                j = (i + (int)(rng_next() % 64) - 32 + n) % n;
            else
                j = (int)(rng_next() % (unsigned)n);
            p->to[k] = others[j];
            others[j]->from_count++;
        }
    }
}

/* Allocate the `from` arrays of the nodes of `list`. */
static void alloc_from(struct node *list)
{
    struct node *p;

    for (p = list; p != NULL; p = p->next) {
        int m = p->from_count > 0 ? p->from_count : 1;
        p->from = malloc(m * sizeof *p->from);
        if (p->from == NULL)
            out_of_memory();
        p->coeff = malloc(m * sizeof *p->coeff);
        if (p->coeff == NULL)
            out_of_memory();
    }
}

/* Record every node of `list` in the `from` arrays of its `to` neighbours. */
static void fill_from(struct node *list)
{
    struct node *p;
    int k;

    for (p = list; p != NULL; p = p->next) {
        for (k = 0; k < p->to_count; k++) {
            struct node *q = p->to[k];
            q->from[q->from_filled] = p;
            q->coeff[q->from_filled] = (rng_unit() - 0.5) / (q->from_count + 1);
            q->from_filled++;
        }
    }
}

static void compute(struct node *list)
{
    struct node *p;
    int k;

    for (p = list; p != NULL; p = p->next) {
        double v = p->value;
        for (k = 0; k < p->from_count; k++)
            v -= p->coeff[k] * p->from[k]->value;
        p->value = v;
    }
}

static double total(const struct node *list)
{
    double s = 0;
    for (; list != NULL; list = list->next)
        s += list->value;
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int degree = argc > 2 ? atoi(argv[2]) : 10;
    int iters = argc > 3 ? atoi(argv[3]) : 10;
    struct node **etab, **htab, *e_nodes, *h_nodes;
    int i;

    if (n < 1 || degree < 1 || iters < 0) {
        fprintf(stderr, "usage: em3d NNODES [DEGREE [ITERS]]\n");
        return 2;
    }
    etab = malloc(n * sizeof *etab);
    if (etab == NULL)
        out_of_memory();
    htab = malloc(n * sizeof *htab);
    if (htab == NULL)
        out_of_memory();
    e_nodes = make_list(n, degree, etab);
    h_nodes = make_list(n, degree, htab);
    connect(e_nodes, htab, n);
    connect(h_nodes, etab, n);
    free(etab);
    free(htab);
    alloc_from(e_nodes);
    alloc_from(h_nodes);
    fill_from(e_nodes);
    fill_from(h_nodes);
    for (i = 0; i < iters; i++) {
        compute(e_nodes);
        compute(h_nodes);
    }
    printf("em3d n=%d degree=%d iters=%d e=%.9e h=%.9e\n", n, degree, iters, total(e_nodes),
           total(h_nodes));
    return 0;
}
