/* <sys/queue.h> TAILQ (a FIFO) with its head inside a heap-allocated struct:
   TAILQ_INSERT_TAIL, TAILQ_FIRST, TAILQ_REMOVE, TAILQ_FOREACH are expanded at their uses
   when the nodes change. The entries are anonymous nested structs (TAILQ_ENTRY) whose
   tqe_prev points to the head's or a node's link: a slot pointer (analysis/
   SlotPointers.h), which becomes a pointer to an index, so head and nodes stay apart and
   the queue is compressed. */
// EXPECT: {"type": "struct job", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct job {
    int id, cost;
    TAILQ_ENTRY(job) q;
};

TAILQ_HEAD(jobq, job);

struct sched {
    struct jobq ready;
    long clock;
};

int main(void) {
    struct sched *s = malloc(sizeof *s);
    TAILQ_INIT(&s->ready);
    s->clock = 0;
    for (int i = 0; i < 40; i++) {
        struct job *j = malloc(sizeof *j);
        j->id = i;
        j->cost = 1 + i % 6;
        TAILQ_INSERT_TAIL(&s->ready, j, q);
    }
    long order = 0;
    while (!TAILQ_EMPTY(&s->ready)) {
        struct job *j = TAILQ_FIRST(&s->ready);
        TAILQ_REMOVE(&s->ready, j, q);
        s->clock += 3;
        if (--j->cost > 0) {
            TAILQ_INSERT_TAIL(&s->ready, j, q);
        } else {
            order = (order * 31 + j->id) % 1000003;
            free(j);
        }
    }
    int left = 0;
    struct job *j;
    TAILQ_FOREACH(j, &s->ready, q)
        left++;
    printf("clock=%ld order=%ld left=%d\n", s->clock, order, left);
    free(s);
    return 0;
}
