/* A holder returned by value: the caller receives a `struct stack`, whose type cannot
   change, so the nodes stay as they are, with the reason. */
// EXPECT: {"type": "struct node", "compressed": false, "reason": "stored in struct stack objects that ptrcomp does not rewrite"}
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
