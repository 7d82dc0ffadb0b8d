#include <stdio.h>
#include <stdlib.h>

#include "node.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct node *l = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        x->v = i % 17;
        x->next = l;
        l = x;
    }
    long w = 0;
    for (struct node *p = l; p; p = p->next)
        w += node_weight(p);
    banner("weights");
    printf("weight=%ld\n", w);
    while (l) {
        struct node *x = l->next;
        free(l);
        l = x;
    }
    return 0;
}
