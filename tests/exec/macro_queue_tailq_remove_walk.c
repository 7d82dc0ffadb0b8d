/* <sys/queue.h> TAILQ whose head is a local variable of main: tasks are inserted at
   both ends and after the first, removed while the queue is walked (the next element
   saved before TAILQ_REMOVE, as glibc has no TAILQ_FOREACH_SAFE), walked backwards
   with TAILQ_FOREACH_REVERSE and drained. tqh_last and tqe_prev point to the head's
   own first-pointer in main's frame or to a node's link; they would be slot pointers
   (analysis/SlotPointers.h), but TAILQ_FOREACH_REVERSE's TAILQ_LAST and TAILQ_PREV
   read them through a cast to the head's type, so they stay ordinary pointers, and the
   tasks share a place with a stack object and stay unchanged, with the reason; the
   ideal is the todo. */
// EXPECT: {"type": "struct task", "owner": "main", "pooled": false, "reason": "holds stack or global objects as well as heap objects (among them 'q' of main (macro_queue_tailq_remove_walk.c:36:18))"}
// EXPECT: {"type": "struct task", "indexed": true, "compressed": true, "todo": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct task {
    int id;
    int prio;
    TAILQ_ENTRY(task) link;
};

TAILQ_HEAD(taskq, task);

static struct task *task_new(int id)
{
    struct task *t = malloc(sizeof *t);
    if (t == NULL)
        exit(2);
    t->id = id;
    t->prio = id * 7 % 11;
    return t;
}

int main(void)
{
    struct taskq q;
    TAILQ_INIT(&q);
    for (int i = 0; i < 30; i++) {
        struct task *t = task_new(i);
        if (i % 3 == 0)
            TAILQ_INSERT_HEAD(&q, t, link);
        else
            TAILQ_INSERT_TAIL(&q, t, link);
    }
    struct task *extra = task_new(100);
    TAILQ_INSERT_AFTER(&q, TAILQ_FIRST(&q), extra, link);

    struct task *t, *next;
    for (t = TAILQ_FIRST(&q); t != NULL; t = next) {
        next = TAILQ_NEXT(t, link);
        if (t->prio > 6) {
            TAILQ_REMOVE(&q, t, link);
            free(t);
        }
    }
    int n = 0;
    TAILQ_FOREACH(t, &q, link) {
        printf("%d ", t->id);
        n++;
    }
    printf("\n");
    TAILQ_FOREACH_REVERSE(t, &q, taskq, link)
        printf("%d ", t->prio);
    printf("\nn=%d\n", n);
    while (!TAILQ_EMPTY(&q)) {
        t = TAILQ_FIRST(&q);
        TAILQ_REMOVE(&q, t, link);
        free(t);
    }
    return n % 7;
}
