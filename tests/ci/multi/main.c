#include <stdio.h>

#include "list.h"

static int run(int n) {
    struct list *l = 0;
    for (int i = 0; i < n; ++i)
        l = list_push(l, i);
    int s = list_sum(l);
    list_free(l);
    return s;
}

int main(void) {
    printf("%d\n", run(1000));
    return 0;
}
