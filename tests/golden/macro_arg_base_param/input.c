/* A read-only walk whose field reads sit in macro arguments (an assert through a macro of
   the program): rewritten in place, and the walk still receives the base (const). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#define CHECK(e) assert(e)
struct node { int val; struct node *next; };
static int sum(struct node *n) {
    int s = 0;
    for (; n; n = n->next) {
        CHECK(n->val >= 0);
        s += n->val;
    }
    return s;
}
int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 10; i++) { struct node *x = malloc(sizeof *x); x->val = i; x->next = h; h = x; }
    printf("%d\n", sum(h));
    while (h) { struct node *x = h->next; free(h); h = x; }
    return 0;
}
