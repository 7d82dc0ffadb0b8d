#include <stdlib.h>
#include "shapes.h"

#ifndef LIST_SCALE
#error "list.c is compiled with -DLIST_SCALE"
#endif

struct cell *make_cells(int n) {
    struct cell *head = NULL;
    for (int i = 0; i < n; i++) {
        struct cell *c = malloc(sizeof(struct cell));
        c->value = (long)i * LIST_SCALE;
        c->next = head;
        head = c;
    }
    return head;
}

long sum_cells(struct cell *c) {
    long s = 0;
    for (; c; c = c->next)
        s += c->value;
    return s;
}

void free_cells(struct cell *c) {
    while (c) {
        struct cell *next = c->next;
        free(c);
        c = next;
    }
}
