/* gnu89 inline semantics, the reverse of C99's: `extern inline` in a header is a
   definition for inlining only, and b.c's declaration with `inline` and without `extern`
   makes b.c's the external definition. With __attribute__((gnu_inline)) (on every
   declaration, as GCC requires), or without it under -fgnu89-inline
   (-DNO_GNU_INLINE_ATTR). The clone's local version stays inline here, its external
   entry goes to b.c. */
#ifndef NODE_H
#define NODE_H

#ifdef NO_GNU_INLINE_ATTR
#define GNU_INLINE
#else
#define GNU_INLINE __attribute__((gnu_inline))
#endif

struct node {
    int v;
    struct node *next;
};

extern inline GNU_INLINE int node_val(struct node *n) { return n->v; }

long sum_a(struct node *l);
long sum_b(struct node *l);

#endif
