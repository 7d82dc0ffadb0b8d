/* Three queues of one node type, all fed by one allocation site (enqueue) and owned by
   main: a node leaves one queue (freed) and a node for the next queue is allocated, as
   patients move between waiting, treatment and discharge lists. The queues share one
   pool, so a freed node's slot serves the next queue, as malloc's memory would. */
// ARGS: 3000
// EXPECT: {"type": "struct job", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32, "pool": "P_job", "note": "one pool for 3 structures"}
#include <stdio.h>
#include <stdlib.h>

struct job {
    unsigned id, steps;
    struct job *next;
};

struct queue {
    struct job *head, *tail;
    unsigned len;
};

static unsigned long long seed = 5;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void enqueue(struct queue *q, unsigned id, unsigned steps) {
    struct job *j = malloc(sizeof *j);
    j->id = id;
    j->steps = steps;
    j->next = NULL;
    if (q->tail)
        q->tail->next = j;
    else
        q->head = j;
    q->tail = j;
    q->len++;
}

/* Takes the first job off q (the caller copies what it needs first). */
static void dequeue(struct queue *q) {
    struct job *j = q->head;
    q->head = j->next;
    if (!q->head)
        q->tail = NULL;
    q->len--;
    free(j);
}

static unsigned long sum(const struct queue *q) {
    unsigned long h = 0;
    for (const struct job *j = q->head; j; j = j->next)
        h = h * 31u + j->id * 7u + j->steps;
    return h;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 1000;
    struct queue waiting = {0}, treated = {0}, done = {0};
    unsigned next_id = 0;
    for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < 3; k++)
            enqueue(&waiting, next_id++, lcg() % 5 + 1);
        /* Move a few from waiting to treatment, and finished ones out. */
        for (int k = 0; k < 2 && waiting.head; k++) {
            unsigned id = waiting.head->id, steps = waiting.head->steps;
            dequeue(&waiting);
            enqueue(&treated, id, steps);
        }
        if (treated.head) {
            unsigned id = treated.head->id, steps = treated.head->steps;
            dequeue(&treated);
            if (steps > 1)
                enqueue(&treated, id, steps - 1);
            else
                enqueue(&done, id, 0);
        }
        while (done.len > 50)
            dequeue(&done);
    }
    printf("waiting %u %lu\n", waiting.len, sum(&waiting));
    printf("treated %u %lu\n", treated.len, sum(&treated));
    printf("done %u %lu\n", done.len, sum(&done));
    while (waiting.head)
        dequeue(&waiting);
    while (treated.head)
        dequeue(&treated);
    while (done.head)
        dequeue(&done);
    return 0;
}
