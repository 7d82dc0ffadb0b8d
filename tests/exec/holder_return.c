/* A holder returned by value: the function's result and the caller's variable both
   get the layout of indices (`struct stack_pc32 make_pc32(...)`), so the nodes are
   compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "index_bits": 32}
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


static struct stack make(int n)
{
    struct stack s = {0};
    for (int i = 0; i < n; i++)
        push(&s, i);
    return s;
}

int main(void)
{
    struct stack s = make(5);
    int t = 0;
    while (s.depth)
        t = t * 2 + pop(&s);
    printf("%d\n", t);
    return 0;
}
