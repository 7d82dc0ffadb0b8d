#include <stdio.h>
#include <stdlib.h>

#include "events.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300;
    struct evqueue *q = malloc(sizeof *q);
    if (q == NULL)
        return 2;
    evq_init(q);
    unsigned seed = 12345;
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        evq_push(q, (int)((seed >> 16) % 1000), i % 5);
    }
    long acc = 0;
    int kind, when, popped = 0;
    while (popped < n / 3 && (when = evq_pop(q, &kind)) >= 0) {
        acc += (long)when * (kind + 1);
        popped++;
    }
    printf("popped=%d acc=%ld left=%d\n", popped, acc, q->count);
    evq_clear(q);
    free(q);
    return 0;
}
