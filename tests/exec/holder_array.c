/* An array of struct-typed holders (`struct stack ss[3]`), cleared with memset of the
   whole array: it becomes an array of `struct stack_pc32`, and `sizeof ss` measures it. */
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
    struct stack ss[3];
    memset(ss, 0, sizeof ss);
    for (int i = 0; i < 30; i++)
        push(&ss[i % 3], i * 7 % 23);
    for (int k = 0; k < 3; k++) {
        int t = 0;
        while (ss[k].depth)
            t = t * 3 + pop(&ss[k]);
        printf("%d: %d\n", k, t);
    }
    return 0;
}
