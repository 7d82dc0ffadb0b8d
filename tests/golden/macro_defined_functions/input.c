/* One macro defines a queue's functions for two structs: the jobs' functions become
   pool code, written out as the #define's lines; the use for the events, which stay
   unchanged (they are sorted with qsort), keeps its text. */
#include <stdio.h>
#include <stdlib.h>

#define QUEUE_DEFINE(name, type) \
    static void name##_push(type **head, type *x) { \
        x->next = *head; \
        *head = x; \
    } \
    static type *name##_pop(type **head) { \
        type *x = *head; \
        if (x) \
            *head = x->next; \
        return x; \
    }

struct job {
    int id;
    struct job *next;
};

struct event {
    int at;
    struct event *next;
};

QUEUE_DEFINE(jobs, struct job)
QUEUE_DEFINE(events, struct event)

static int by_time(const void *a, const void *b) {
    return ((const struct event *)a)->at - ((const struct event *)b)->at;
}

int main(void) {
    struct job *jobs = NULL, *j;
    for (int i = 0; i < 5; i++) {
        j = malloc(sizeof *j);
        if (!j)
            return 1;
        j->id = i;
        jobs_push(&jobs, j);
    }
    while ((j = jobs_pop(&jobs)) != NULL) {
        printf("job %d\n", j->id);
        free(j);
    }
    struct event *all = calloc(4, sizeof *all), *events = NULL, *e;
    if (!all)
        return 1;
    for (int i = 0; i < 4; i++)
        all[i].at = (i * 7) % 4;
    qsort(all, 4, sizeof *all, by_time);
    for (int i = 0; i < 4; i++)
        events_push(&events, &all[i]);
    while ((e = events_pop(&events)) != NULL)
        printf("event at %d\n", e->at);
    free(all);
    return 0;
}
