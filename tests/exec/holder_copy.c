/* A holder copied into another (`struct stack snap = s`): both get the layout of indices,
   and the copy walks the same nodes. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int v;
    struct node *next;
};

struct stack {
    struct node *top;
    int depth;
};

static void push(struct stack *s, int v)
{
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = s->top;
    s->top = n;
    s->depth++;
}

static int pop(struct stack *s)
{
    struct node *n = s->top;
    int v = n->v;
    s->top = n->next;
    s->depth--;
    free(n);
    return v;
}


int main(void)
{
    struct stack s = {0};
    for (int i = 0; i < 6; i++)
        push(&s, i * i);
    struct stack snap = s;
    int t = 0;
    while (snap.top) {
        t = t * 5 + snap.top->v;
        snap.top = snap.top->next;
    }
    struct stack *ps = &s;
    printf("%d %d\n", t, ps->depth);
    while (s.depth)
        pop(&s);
    return 0;
}
