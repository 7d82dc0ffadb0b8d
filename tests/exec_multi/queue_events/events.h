/* A time-ordered event queue on <sys/queue.h>'s SLIST, its head inside a struct that
   the caller allocates in another file. */
#ifndef EVENTS_H
#define EVENTS_H

#include <sys/queue.h>

struct event {
    int when;
    int kind;
    SLIST_ENTRY(event) next;
};

SLIST_HEAD(eventlist, event);

struct evqueue {
    struct eventlist pending;
    int count;
};

void evq_init(struct evqueue *q);
void evq_push(struct evqueue *q, int when, int kind);
int evq_pop(struct evqueue *q, int *kind);
void evq_clear(struct evqueue *q);

#endif
