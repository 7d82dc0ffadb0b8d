#include <stdio.h>
#include <stdlib.h>

#include "list.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct node *a = NULL;
    for (int i = 0; i < n; i++)
        a = list_push(a, i);
    printf("%ld nodes, sum %ld\n", list_count(a), list_sum(a));
    while (a) {
        struct node *x = a->next;
        free(a);
        a = x;
    }
    return 0;
}
