/* The test driver owns the lists (they stop escaping here) but cannot see the struct;
   it checks results with assert(), whose arguments call the library on the lists. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "list.h"
#ifdef LIST_DEBUG
#include "list_debug.h"
#else
#define LIST_TRACE(msg) ((void)0)
#endif

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct entry *odd = NULL, *even = NULL;
    for (int i = 0; i < n; i++) {
        if (i % 2)
            odd = list_push(odd, i);
        else
            even = list_push(even, i);
    }
    assert(list_length(odd) + list_length(even) == n);
    assert(n < 2 || list_sum(odd) > list_sum(even) - n);
    printf("%d %d\n", list_sum(odd), list_sum(even));
    LIST_TRACE("freeing");
    list_free(odd);
    list_free(even);
    return 0;
}
