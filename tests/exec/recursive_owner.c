/* A recursive function that owns a short-lived list at every level. One pool per
   activation reserved address space per level and aborted at depth 20,000; the activations
   now share one pool, destroyed when the outermost returns, so memory follows the live
   objects. Depth 100,000 (the test runs it with ARGS). */
// ARGS: 100000
// EXPECT: {"type": "struct cell", "owner": "walk", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int v;
    struct cell *next;
};

static long walk(int depth, int max) {
    struct cell *list = NULL;
    for (int i = 0; i < 3; i++) {
        struct cell *c = malloc(sizeof *c);
        c->v = depth + i;
        c->next = list;
        list = c;
    }
    long here = 0;
    while (list) {
        struct cell *n = list->next;
        here += list->v;
        free(list);
        list = n;
    }
    if (depth + 1 < max)
        return here % 7 + walk(depth + 1, max);
    return here % 7;
}

int main(int argc, char **argv) {
    int max = argc > 1 ? atoi(argv[1]) : 1000;
    printf("%ld\n", walk(0, max));
    printf("%ld\n", walk(0, 10));
    return 0;
}
