#include <stdlib.h>
#include "list.h"

struct cell *push(struct cell *next, int value)
{
    struct cell *c = malloc(sizeof *c);
    c->value = value;
    c->next = next;
    return c;
}

long sum(const struct cell *c)
{
    long s = 0;
    for (; c; c = c->next)
        s += c->value;
    return s;
}

void release(struct cell *c)
{
    while (c) {
        struct cell *next = c->next;
        free(c);
        c = next;
    }
}
