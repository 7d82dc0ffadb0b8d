/* A library whose tests inject allocation failures: built again with -DALLOC_TESTING,
   malloc is the tests' allocator. */
#ifndef LIST_H
#define LIST_H
#include <stdlib.h>
#ifdef ALLOC_TESTING
void *test_malloc(size_t n);
#define malloc(n) test_malloc(n)
#endif

struct node {
    int v;
    struct node *next;
};

struct node *push(struct node *h, int v, int *failed);
int length(const struct node *h);
void release(struct node *h);
#endif
