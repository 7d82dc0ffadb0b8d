/* A pool owner that returns a pointer to a function, its type written as a declarator
   (no typedef): a return that needs its value kept while the pool is destroyed declares
   the value with the name inside the declarator, `int (*ptrcomp_result)(int, int)`. */
// EXPECT: {"type": "struct node", "owner": "choose", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }

static int (*choose(int k))(int, int) {
    struct node *h = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 0;
        n->v = i + k;
        n->next = h;
        h = n;
    }
    int s = 0;
    for (struct node *p = h; p; p = p->next) {
        if (p->v == 77)
            return k % 2 ? add : mul;
        s += p->v;
    }
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return s % 2 ? add : mul;
}

int main(void) {
    long t = 0;
    for (int k = 0; k < 100; k++)
        t += choose(k)(k, 3);
    printf("%ld\n", t);
    return 0;
}
