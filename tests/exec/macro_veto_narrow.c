/* A loop opened by one macro and closed by another (WALK_BEGIN ... WALK_END) leaves its
   list unchanged: the code in WALK_BEGIN's body is no whole expression or statement, so
   the invocation cannot be written as its expansion; a second list in the same function,
   never used in a macro, is still compressed (a macro use once vetoed every structure of
   its function). */
// ARGS: 100
// EXPECT: {"type": "struct viamacro", "owner": "main", "pooled": false, "reason": "is not a whole expression or statement"}
// EXPECT: {"type": "struct plainlist", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct viamacro {
    int v;
    struct viamacro *next;
};

struct plainlist {
    int v;
    struct plainlist *next;
};

#define WALK_BEGIN(p, head) for (p = (head); p; p = (p)->next) {
#define WALK_END }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct viamacro *a = NULL;
    struct plainlist *b = NULL;
    for (int i = 0; i < n; i++) {
        struct viamacro *x = malloc(sizeof *x);
        x->v = i;
        x->next = a;
        a = x;
        struct plainlist *y = malloc(sizeof *y);
        y->v = 2 * i;
        y->next = b;
        b = y;
    }
    long s = 0;
    struct viamacro *p;
    WALK_BEGIN(p, a)
        s += p->v;
    WALK_END
    for (struct plainlist *q = b; q; q = q->next)
        s += q->v;
    printf("%ld\n", s);
    while (a) {
        struct viamacro *nx = a->next;
        free(a);
        a = nx;
    }
    while (b) {
        struct plainlist *nx = b->next;
        free(b);
        b = nx;
    }
    return 0;
}
