#include "pool.h"
extern struct cell *cons(int value, struct cell *next);
void release(struct cell *c) {
    while (c) {
        struct cell *next = c->next;
        free(c);
        c = next;
    }
}
