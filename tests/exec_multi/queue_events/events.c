#include <stdlib.h>

#include "events.h"

void evq_init(struct evqueue *q)
{
    SLIST_INIT(&q->pending);
    q->count = 0;
}

/* Inserts after the last event due no later, so equal times keep their order. */
void evq_push(struct evqueue *q, int when, int kind)
{
    struct event *e = malloc(sizeof *e);
    if (e == NULL)
        exit(2);
    e->when = when;
    e->kind = kind;
    struct event *at = SLIST_FIRST(&q->pending), *before = NULL;
    while (at != NULL && at->when <= when) {
        before = at;
        at = SLIST_NEXT(at, next);
    }
    if (before != NULL)
        SLIST_INSERT_AFTER(before, e, next);
    else
        SLIST_INSERT_HEAD(&q->pending, e, next);
    q->count++;
}

int evq_pop(struct evqueue *q, int *kind)
{
    struct event *e = SLIST_FIRST(&q->pending);
    if (e == NULL)
        return -1;
    SLIST_REMOVE_HEAD(&q->pending, next);
    int when = e->when;
    *kind = e->kind;
    free(e);
    q->count--;
    return when;
}

void evq_clear(struct evqueue *q)
{
    int kind;
    while (evq_pop(q, &kind) >= 0)
        ;
}
