/* Queues whose link pointers point both into a head and into nodes, which are slot
   pointers (analysis/SlotPointers.h) and become pointers to indices: a FIFO with a
   static tail pointer (`static struct job **qtail = &qhead;`), a <sys/queue.h> TAILQ
   with its head a local of main (tqh_last and each node's tqe_prev), and STAILQs in a
   struct on the heap joined with STAILQ_CONCAT (stqh_last assigned from another's). */
// EXPECT: {"type": "struct job", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct task", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct msg", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct job { int id; struct job *next; };
static struct job *qhead;
static struct job **qtail = &qhead;

static void enqueue(int id)
{
    struct job *j = malloc(sizeof *j);
    if (!j)
        exit(2);
    j->id = id;
    j->next = NULL;
    *qtail = j;
    qtail = &j->next;
}

static struct job *dequeue(void)
{
    struct job *j = qhead;
    if (j) {
        qhead = j->next;
        if (!qhead)
            qtail = &qhead;
    }
    return j;
}

struct task { int id; TAILQ_ENTRY(task) link; };
TAILQ_HEAD(taskq, task);

struct msg { int len; STAILQ_ENTRY(msg) next; };
struct inbox { STAILQ_HEAD(, msg) urgent, normal; int count; };

int main(void)
{
    unsigned long h = 0;
    for (int r = 0; r < 4; r++) {
        for (int i = 0; i < 6 + r; i++)
            enqueue(i * (r + 1));
        for (int i = 0; i < 5; i++) {
            struct job *j = dequeue();
            if (j) {
                h = h * 31 + (unsigned)j->id;
                free(j);
            }
        }
    }
    for (struct job *j; (j = dequeue()) != NULL; free(j))
        h += (unsigned)j->id;
    printf("jobs %lu\n", h);

    struct taskq q;
    TAILQ_INIT(&q);
    for (int i = 0; i < 12; i++) {
        struct task *t = malloc(sizeof *t);
        if (!t)
            return 2;
        t->id = i;
        if (i % 3 == 0)
            TAILQ_INSERT_HEAD(&q, t, link);
        else
            TAILQ_INSERT_TAIL(&q, t, link);
    }
    struct task *t, *nx;
    for (t = TAILQ_FIRST(&q); t; t = nx) {
        nx = TAILQ_NEXT(t, link);
        if (t->id % 4 == 1) {
            TAILQ_REMOVE(&q, t, link);
            free(t);
        } else if (t->id == 6) {
            struct task *b = malloc(sizeof *b);
            if (!b)
                return 2;
            b->id = 60;
            TAILQ_INSERT_BEFORE(t, b, link);
        }
    }
    TAILQ_FOREACH(t, &q, link)
        printf("%d ", t->id);
    printf("\n");
    while ((t = TAILQ_FIRST(&q)) != NULL) {
        TAILQ_REMOVE(&q, t, link);
        free(t);
    }

    struct inbox *in = malloc(sizeof *in);
    if (!in)
        return 2;
    STAILQ_INIT(&in->urgent);
    STAILQ_INIT(&in->normal);
    for (int i = 0; i < 9; i++) {
        struct msg *m = malloc(sizeof *m);
        if (!m)
            return 2;
        m->len = i * 10;
        if (i % 4 == 0)
            STAILQ_INSERT_TAIL(&in->urgent, m, next);
        else
            STAILQ_INSERT_TAIL(&in->normal, m, next);
    }
    STAILQ_CONCAT(&in->urgent, &in->normal);
    struct msg *m;
    STAILQ_FOREACH(m, &in->urgent, next)
        printf("%d ", m->len);
    printf("| normal empty: %d\n", STAILQ_EMPTY(&in->normal));
    while ((m = STAILQ_FIRST(&in->urgent)) != NULL) {
        STAILQ_REMOVE_HEAD(&in->urgent, next);
        free(m);
    }
    free(in);
    return 0;
}
