/* One macro defines a queue's functions for two structs: the jobs' functions become
   pool code, written out as the #define's lines; the use for the events, which stay
   unchanged (they are sorted with qsort), keeps its text. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 7
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

/* ptrcomp: struct job with pointers into pools stored as indices */
struct job_pc32 {
    int id;
    pc_idx32 next;
};

#line 24
struct event {
    int at;
    struct event *next;
};

static void jobs_push_pc32(struct job_pc32 *P_x_base, pc_idx32 *head, pc_idx32 x) { P_x_base[x].next = *head; *head = x; }
    static pc_idx32 jobs_pop_pc32(const struct job_pc32 *P_x_base, pc_idx32 *head) { pc_idx32 x = *head; if (x) *head = P_x_base[x].next; return x; }
#line 30 "input.c"
QUEUE_DEFINE(events, struct event)

static int by_time(const void *a, const void *b) {
    return ((const struct event *)a)->at - ((const struct event *)b)->at;
}

int main(void) {
    pc_pool P_jobs = PC_POOL_INIT(sizeof(struct job_pc32), 32, "struct job (input.c:37 jobs)");
    struct job_pc32 *const P_jobs_base = pc_base(&P_jobs);
#line 37
    pc_idx32 jobs = 0; pc_idx32 j;
    for (int i = 0; i < 5; i++) {
        j = pc_alloc(&P_jobs, 1);
        if (!j)
            { pc_pool_destroy(&P_jobs); return 1; }
        P_jobs_base[j].id = i;
        jobs_push_pc32(P_jobs_base, &jobs, j);
    }
    while ((j = jobs_pop_pc32(P_jobs_base, &jobs)) != 0) {
        printf("job %d\n", P_jobs_base[j].id);
        pc_free(&P_jobs, j);
    }
    struct event *all = calloc(4, sizeof *all), *events = NULL, *e;
    if (!all)
        { pc_pool_destroy(&P_jobs); return 1; }
    for (int i = 0; i < 4; i++)
        all[i].at = (i * 7) % 4;
    qsort(all, 4, sizeof *all, by_time);
    for (int i = 0; i < 4; i++)
        events_push(&events, &all[i]);
    while ((e = events_pop(&events)) != NULL)
        printf("event at %d\n", e->at);
    free(all);
    pc_pool_destroy(&P_jobs);
#line 60
    return 0;
}
