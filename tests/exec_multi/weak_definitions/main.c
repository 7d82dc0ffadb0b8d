#include <stdio.h>
#include <stdlib.h>

#include "hooks.h"

struct cell {
    long w;
    struct cell *next;
};

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct item *list = NULL;
    struct cell *cells = NULL;
    long total = 0;
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        struct cell *c = malloc(sizeof *c);
        if (!it || !c)
            return 2;
        it->v = i;
        it->next = list;
        list = it;
        c->w = hook_weight(it);
        c->next = cells;
        cells = c;
    }
    for (struct cell *c = cells; c; c = c->next)
        total += c->w;
    hook_report(list);
    printf("total weight %ld\n", total);
    while (list) {
        struct item *x = list->next;
        free(list);
        list = x;
    }
    while (cells) {
        struct cell *x = cells->next;
        free(cells);
        cells = x;
    }
    return 0;
}
