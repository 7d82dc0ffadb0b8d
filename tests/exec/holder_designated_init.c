/* A struct-typed local initialised with designators (`{ .top = n, .depth = 1 }`): the
   list is not written again for the new layout, so the nodes stay as they are, with the
   reason. */
// EXPECT: {"type": "struct node", "compressed": false, "reason": "a struct initialised with designators"}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct stack {
    struct node *top;
    int depth;
};

int main(void)
{
    struct node *n = malloc(sizeof *n);
    n->v = 7;
    n->next = NULL;
    struct stack s = { .depth = 1, .top = n };
    for (int i = 0; i < 5; i++) {
        struct node *m = malloc(sizeof *m);
        m->v = i;
        m->next = s.top;
        s.top = m;
        s.depth++;
    }
    int t = 0;
    while (s.top) {
        struct node *m = s.top;
        t = t * 3 + m->v;
        s.top = m->next;
        free(m);
    }
    printf("%d %d\n", t, s.depth);
    return 0;
}
