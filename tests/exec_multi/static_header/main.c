#include <stdio.h>
#include <stdlib.h>

#include "count.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct node *l = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        x->v = i * 5 % 23;
        x->next = l;
        l = x;
    }
    printf("main=%d b=%d\n", count_big(l, 5), b_count(l));
    while (l) {
        struct node *x = l->next;
        free(l);
        l = x;
    }
    return 0;
}
