/*
 * queue: pointer chasing around a circular doubly-linked queue, after the contrived
 * program in Mogul et al., "Performance implications of multiple pointer sizes" (1995).
 * N elements are linked into a ring, each new one right after the head. Then M steps
 * are taken along the forward pointers, with a random seek every P steps. After every
 * seek one element is also replaced: the element where the walk stopped is unlinked and
 * freed, and a new one is inserted right after the element the seek jumped to. A
 * directory of pointers, indexed by slot number, gives the random seeks their targets.
 *
 * usage: queue N M [P]
 */
#include <stdio.h>
#include <stdlib.h>

struct qelem {
    struct qelem *forward, *backward;
    int slot; /* index of this element in the directory */
    int data;
};

/* 32-bit xorshift: cheap in both 64-bit and 32-bit builds, so that the random seeks
 * cost the same in every configuration */
static unsigned rng_state = 2463534242u;

static unsigned rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static struct qelem *new_elem(int slot)
{
    struct qelem *e = malloc(sizeof *e);
    if (e == NULL) {
        fprintf(stderr, "queue: out of memory\n");
        exit(1);
    }
    e->slot = slot;
    e->data = (int)(rng_next() & 0xffff);
    e->forward = e->backward = e;
    return e;
}

static void insert_after(struct qelem *pos, struct qelem *e)
{
    e->forward = pos->forward;
    e->backward = pos;
    pos->forward->backward = e;
    pos->forward = e;
}

static void unlink_elem(struct qelem *e)
{
    e->backward->forward = e->forward;
    e->forward->backward = e->backward;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    long m = argc > 2 ? atol(argv[2]) : 1000000;
    long p = argc > 3 ? atol(argv[3]) : 10;
    struct qelem **dir; /* heap array of element pointers: targets of the random seeks */
    struct qelem *head, *q;
    unsigned long long sum = 0;
    long i, j;

    if (n < 2 || n > 0x7fffffffL || m < 1 || p < 1) {
        fprintf(stderr, "usage: queue N(>=2) M [P]\n");
        return 2;
    }
    dir = malloc((size_t)n * sizeof *dir);
    if (dir == NULL) {
        fprintf(stderr, "queue: out of memory\n");
        return 1;
    }
    head = dir[0] = new_elem(0);
    for (i = 1; i < n; i++) {
        dir[i] = new_elem((int)i);
        insert_after(head, dir[i]);
    }
    for (i = 0; i < m / p; i++) {
        struct qelem *start = dir[rng_next() % (unsigned)n], *fresh;
        q = start;
        for (j = 0; j < p; j++) {
            sum += q->data;
            q = q->forward;
        }
        if (q == start)
            continue; /* never free the seek target */
        /* replace q by a fresh element behind the seek target */
        unlink_elem(q);
        fresh = new_elem(q->slot);
        dir[fresh->slot] = fresh;
        free(q);
        insert_after(start, fresh);
    }
    /* walk the whole ring once, backwards, as a consistency check */
    head = dir[0]; /* the first element may have been replaced */
    i = 0;
    q = head;
    do {
        sum = sum * 31 + q->slot;
        i++;
        q = q->backward;
    } while (q != head && i <= n);
    printf("queue n=%ld m=%ld p=%ld ring=%ld sum=%016llx\n", n, m, p, i, sum);
    free(dir);
    return i == n ? 0 : 1;
}
