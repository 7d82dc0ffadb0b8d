#include <stdio.h>
#include <stdlib.h>

#include "list.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct entry *l = make_list(n);
    int big = 0;
    for (struct entry *e = l; e; e = ENTRY_NEXT(e))
        big += ENTRY_KEY(e) > 50;
    struct entry *extra = ENTRY_NEW();
    ENTRY_KEY(extra) = 1000;
    extra->weight = 2;
    ENTRY_PUSH(l, extra);
    printf("n=%d big=%d weight=%ld first=%d\n", n, big, list_weight(l), ENTRY_KEY(l));
    free_list(l);
    return 0;
}
