/* Work that outlives its pool's owner: spawn builds a list and hands it to an OpenMP task
   (firstprivate), which sums and frees it later, on some thread, after spawn has
   returned. A pool created by spawn would be destroyed under the task, so the structure
   stays unchanged, with the task named (analysis/PoolLifetimes.h). The lists that main's
   tasks build and free inside the task itself are compressed. */
// CFLAGS: -fopenmp
// NO-TSAN: ThreadSanitizer reports libomp's reuse of task descriptors, which it cannot see synchronised, in the original program too (about one run in four, with or without archer)
// EXPECT: {"type": "struct node", "owner": "spawn", "pooled": false, "reason": "an OpenMP task at lifetime_openmp_task.c:44:1 (in 'spawn') may still run when 'spawn' has returned"}
// EXPECT: {"type": "struct cell", "owner": "work", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct cell {
    int v;
    struct cell *next;
};

static long total, total2;

static long consume(struct node *h) {
    long s = 0;
    while (h) {
        struct node *n = h->next;
        s += h->v;
        free(h);
        h = n;
    }
    return s;
}

static void spawn(int base, int n) {
    struct node *h = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof(struct node));
        x->v = base + i;
        x->next = h;
        h = x;
    }
#pragma omp task firstprivate(h)
    {
        long s = consume(h);
#pragma omp atomic
        total += s;
    }
}

/* Builds, walks and frees its list before it returns; runs inside tasks. */
static long work(int base, int n) {
    struct cell *h = NULL;
    for (int i = 0; i < n; i++) {
        struct cell *c = malloc(sizeof(struct cell));
        c->v = base - i;
        c->next = h;
        h = c;
    }
    long s = 0;
    while (h) {
        struct cell *c = h->next;
        s += h->v;
        free(h);
        h = c;
    }
    return s;
}

int main(void) {
#pragma omp parallel
#pragma omp single
    {
        for (int t = 0; t < 100; t++) {
            spawn(t * 1000, 300);
#pragma omp task firstprivate(t)
            {
                long s = work(t * 7, 200);
#pragma omp atomic
                total2 += s;
            }
        }
    }
    printf("total %ld %ld\n", total, total2);
    return 0;
}
