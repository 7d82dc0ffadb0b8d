/* Two holders cleared with memset, one with sizeof(struct stack) and one with sizeof b:
   the first count is spelled for the new layout. One pointer may point to either. */
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
    struct stack a, b;
    memset(&a, 0, sizeof(struct stack));
    memset(&b, 0, sizeof b);
    for (int i = 0; i < 10; i++)
        push(i & 1 ? &a : &b, i);
    int t = 0;
    while (a.depth)
        t = t * 2 + pop(&a);
    while (b.depth)
        t = t * 3 + pop(&b);
    printf("%d\n", t);
    return 0;
}
