#include <stdio.h>
#include "list.h"

#ifdef ALLOC_TESTING
#undef malloc
static int budget = 3;
/* Fails every allocation after the third. */
void *test_malloc(size_t n) { return budget-- > 0 ? malloc(n) : NULL; }
#endif

int main(void) {
    struct node *h = NULL;
    int failed = 0;
    for (int i = 0; i < 5; i++)
        h = push(h, i, &failed);
    printf("length %d, %d allocations failed\n", length(h), failed);
    release(h);
    return 0;
}
