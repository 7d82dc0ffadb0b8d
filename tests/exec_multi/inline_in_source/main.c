#include <stdio.h>
#include <stdlib.h>

#include "node.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct node *l = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        x->v = i * 7 % 13;
        x->next = l;
        l = x;
    }
    printf("sum_a=%ld first=%d\n", sum_a(l), l ? node_val(l) : -1);
    while (l) {
        struct node *x = l->next;
        free(l);
        l = x;
    }
    return 0;
}
