/* <sys/queue.h> STAILQ (a FIFO with a pointer to the last link) whose head is a local
   variable of main: STAILQ_INIT, STAILQ_INSERT_TAIL, STAILQ_FOREACH, STAILQ_REMOVE_HEAD
   are expanded at their uses. The head's stqh_last points to the head's own
   first-pointer (in main's frame) or to the last node's link: a slot pointer (analysis/
   SlotPointers.h), which becomes a pointer to an index in the head's new layout, so the
   nodes do not share a place with a stack object and are compressed. */
// EXPECT: {"type": "struct job", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct job {
    int id;
    int cost;
    STAILQ_ENTRY(job) link;
};

STAILQ_HEAD(jobq, job);

static void submit(struct jobq *q, int id)
{
    struct job *j = malloc(sizeof *j);
    if (j == NULL)
        exit(2);
    j->id = id;
    j->cost = id * 13 % 17;
    STAILQ_INSERT_TAIL(q, j, link);
}

static int total(const struct jobq *q)
{
    const struct job *j;
    int t = 0;
    STAILQ_FOREACH(j, q, link)
        t += j->cost;
    return t;
}

int main(void)
{
    struct jobq q;
    int done = 0, i;
    STAILQ_INIT(&q);
    for (i = 0; i < 300; i++)
        submit(&q, i);
    printf("total %d\n", total(&q));
    while (!STAILQ_EMPTY(&q)) {
        struct job *j = STAILQ_FIRST(&q);
        STAILQ_REMOVE_HEAD(&q, link);
        done += j->id % 3 == 0;
        free(j);
    }
    printf("done %d total %d\n", done, total(&q));
    return 0;
}
