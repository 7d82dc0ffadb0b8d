/* Compiler builtins that look at a node pointer without going through it: a prefetch
   of the next node (performance code), __builtin_classify_type (type-generic macros),
   and __builtin_assume_aligned, whose result is the pointer itself. The first two see
   the node's address, the third becomes its argument where the result is an index. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    long v;
    struct node *next;
};

#define IS_POINTER(x) (__builtin_classify_type(x) == 5)

static long sum(const struct node *n) {
    long s = 0;
    for (; n; n = n->next) {
        __builtin_prefetch(n->next);
        s += n->v;
    }
    return s;
}

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 100; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->v = i;
        n->next = h;
        h = __builtin_assume_aligned(n, 8);
    }
    printf("%ld pointer? %d %d\n", sum(h), IS_POINTER(h), IS_POINTER(h->v));
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
