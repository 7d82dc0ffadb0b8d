/* A struct-typed local initialised with designators (`{ .depth = 1, .top = n }`): the
   list is written again for the new layout with its designators, in its own order, so
   the nodes are compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
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
