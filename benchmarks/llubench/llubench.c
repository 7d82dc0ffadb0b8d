/*
 * llubench: linked-list microbenchmark. NLISTS singly-linked lists grow for ITERS
 * iterations; in every iteration each list gets GROW new nodes at its head, then every
 * list is walked from head to tail, reading and updating each node. The heap grows
 * linearly with NLISTS (NLISTS * ITERS * GROW nodes); every node is visited about
 * ITERS/2 times, so the work per node is the same at every problem size. REPEAT runs
 * the whole experiment several times (freeing the lists in between) so that small
 * problem sizes still take measurable time.
 *
 * usage: llubench NLISTS [ITERS [REPEAT]]
 */
#include <stdio.h>
#include <stdlib.h>

#define GROW 16

struct lnode {
    struct lnode *next;
    int data;
};

static unsigned rng_state = 2463534242u;

static unsigned rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static struct lnode *push(struct lnode *head, int data)
{
    struct lnode *n = malloc(sizeof(struct lnode));
    if (n == NULL) {
        fprintf(stderr, "llubench: out of memory\n");
        exit(1);
    }
    n->data = data;
    n->next = head;
    return n;
}

/* Sum the list and bump every element. */
static long long walk(struct lnode *l)
{
    long long sum = 0;

    for (; l != NULL; l = l->next) {
        sum += l->data;
        l->data++;
    }
    return sum;
}

static void free_list(struct lnode *l)
{
    while (l != NULL) {
        struct lnode *next = l->next;
        free(l);
        l = next;
    }
}

static long long experiment(struct lnode **lists, int nlists, int iters)
{
    long long sum = 0;
    int it, i, k;

    for (i = 0; i < nlists; i++)
        lists[i] = NULL;
    for (it = 0; it < iters; it++) {
        for (i = 0; i < nlists; i++)
            for (k = 0; k < GROW; k++)
                lists[i] = push(lists[i], (int)(rng_next() & 0xffff));
        for (i = 0; i < nlists; i++)
            sum += walk(lists[i]);
    }
    for (i = 0; i < nlists; i++)
        free_list(lists[i]);
    return sum;
}

int main(int argc, char **argv)
{
    int nlists = argc > 1 ? atoi(argv[1]) : 100;
    int iters = argc > 2 ? atoi(argv[2]) : 64;
    int repeat = argc > 3 ? atoi(argv[3]) : 1;
    struct lnode **lists; /* heap array of list heads */
    long long sum = 0;
    int r;

    if (nlists < 1 || iters < 1 || repeat < 1) {
        fprintf(stderr, "usage: llubench NLISTS [ITERS [REPEAT]]\n");
        return 2;
    }
    lists = malloc((size_t)nlists * sizeof *lists);
    if (lists == NULL) {
        fprintf(stderr, "llubench: out of memory\n");
        return 1;
    }
    for (r = 0; r < repeat; r++)
        sum += experiment(lists, nlists, iters);
    free(lists);
    /* nodes: list nodes alive at the end of one experiment; visits: node visits in all */
    printf("llubench lists=%d iters=%d repeat=%d nodes=%lld visits=%lld sum=%lld\n", nlists,
           iters, repeat, (long long)nlists * iters * GROW,
           (long long)repeat * nlists * GROW * iters * (iters + 1) / 2, sum);
    return 0;
}
