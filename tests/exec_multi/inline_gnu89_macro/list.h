/* The old way to have an inline function with one external definition: every file
   includes the definitions as gnu89 `extern inline` (for inlining only), but list.c,
   which defines LIST_IMPL first, as ordinary external definitions. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

#ifndef LIST_IMPL
#define LIST_INLINE extern inline __attribute__((gnu_inline))
#else
#define LIST_INLINE
#endif

LIST_INLINE struct node *list_push(struct node *h, int v)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->v = v;
    n->next = h;
    return n;
}

LIST_INLINE long list_sum(const struct node *h)
{
    long s = 0;
    for (; h; h = h->next)
        s += h->v;
    return s;
}

long list_count(const struct node *h);
