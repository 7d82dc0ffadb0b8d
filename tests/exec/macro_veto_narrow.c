/* A field accessor macro used on one list leaves that list unchanged (its uses are
   spelled in the macro body); a second list in the same function, never used in a macro,
   is still compressed (a macro use once vetoed every structure of its function). */
// ARGS: 100
// EXPECT: {"type": "struct viamacro", "owner": "main", "pooled": false, "reason": "used inside a macro"}
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

#define NEXT_OF(p) ((p)->next)

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
    for (struct viamacro *p = a; p; p = NEXT_OF(p))
        s += p->v;
    for (struct plainlist *q = b; q; q = q->next)
        s += q->v;
    printf("%ld\n", s);
    while (a) {
        struct viamacro *nx = NEXT_OF(a);
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
