/* An orphaned `single` whose list the other threads of the team receive through
   copyprivate: each thread runs its own call of 'team_list', so a pool that
   'team_list' created would be each thread's own, and the threads that did not build
   the list would read its indices in their empty pools. The list stays unchanged; each
   thread's private list, which never leaves its call, is compressed. */
// CFLAGS: -fopenmp
// EXPECT: {"type": "struct node", "owner": "team_list", "compressed": false, "reason": "escapes: copied to the other threads of the team by copyprivate at openmp_single_copyprivate.c:19:32"}
// EXPECT: {"type": "struct cell", "owner": "own_list", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { long v; struct node *next; };
struct cell { long v; struct cell *next; };

static long team_list(void)
{
    struct node *h = NULL;
    long s = 0;
#pragma omp single copyprivate(h)
    for (int i = 0; i < 100; i++) {
        struct node *x = malloc(sizeof *x);
        if (!x)
            exit(2);
        x->v = i;
        x->next = h;
        h = x;
    }
    for (struct node *p = h; p; p = p->next)
        s += p->v;
#pragma omp barrier
#pragma omp single
    while (h) {
        struct node *q = h->next;
        free(h);
        h = q;
    }
    return s;
}

static long own_list(int me)
{
    struct cell *h = NULL;
    long s = 0;
    for (int i = 0; i <= me; i++) {
        struct cell *x = malloc(sizeof *x);
        if (!x)
            exit(2);
        x->v = i;
        x->next = h;
        h = x;
    }
    while (h) {
        struct cell *q = h->next;
        s += h->v;
        free(h);
        h = q;
    }
    return s;
}

static int next_id;

int main(void)
{
    long total = 0;
#pragma omp parallel num_threads(4) reduction(+ : total)
    {
        int me;
        /* each thread a distinct number, without <omp.h> */
#pragma omp atomic capture
        me = next_id++;
        total += team_list() + own_list(me);
    }
    printf("total %ld\n", total);
    return 0;
}
