/* Found while diagnosing linked generator seed 2244 (--mode=poolalloc): allocators that
   the libc model knows but the rewriter does not turn into pool operations
   (posix_memalign, memalign, reallocarray) made heap nodes that still got a pool; their
   objects then reached pc_free or pool indexing (crash or "pc_free: index ... was not
   allocated from pool"). Such structures must stay unchanged; fixed in
   analysis/LibcModel.cpp (U: "allocated by 'memalign', which ptrcomp does not rewrite").
   (Default options: ptrcomp compresses.) */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    unsigned key;
    struct node *next;
};

struct item {
    struct item *link;
    unsigned v;
};

struct cell {
    unsigned w;
    struct cell *up;
};

static struct node *push_aligned(struct node *head, unsigned key)
{
    void *m;
    struct node *p;
    if (posix_memalign(&m, 16, sizeof(struct node)))
        exit(2);
    p = m;
    p->key = key;
    p->next = head;
    return p;
}

static struct item *push_memalign(struct item *head, unsigned v)
{
    struct item *p = memalign(32, sizeof(struct item));
    if (!p)
        exit(2);
    p->v = v;
    p->link = head;
    return p;
}

int main(void)
{
    struct node *a = NULL, *p;
    struct item *b = NULL, *q;
    struct cell *c = NULL, *cs;
    unsigned i, h = 0;
    for (i = 0; i < 20; i++) {
        a = push_aligned(a, i * 7u);
        b = push_memalign(b, i * 5u + 1u);
    }
    cs = reallocarray(NULL, 8, sizeof(struct cell));
    if (!cs)
        return 2;
    for (i = 0; i < 8; i++) {
        cs[i].w = i;
        cs[i].up = i ? &cs[i - 1] : NULL;
    }
    c = &cs[7];
    for (p = a; p; p = p->next)
        h = h * 31u + p->key;
    for (q = b; q; q = q->link)
        h = h * 17u + q->v;
    for (; c; c = c->up)
        h = h * 13u + c->w;
    while (a) {
        p = a->next;
        free(a);
        a = p;
    }
    while (b) {
        q = b->link;
        free(b);
        b = q;
    }
    free(cs);
    printf("total %u\n", h);
    return 0;
}
