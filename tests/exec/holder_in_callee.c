/* A struct-typed local in a function that is not the pool's owner: reversed_sum keeps
   its own stack of copies in `struct stack s`, whose type depends on the version. */
// EXPECT: {"type": "struct node", "owner": "reversed_sum", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
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

static long reversed_sum(const struct node *list)
{
    struct stack s = {NULL, 0};
    long t = 0;
    int k = 1;
    for (const struct node *p = list; p; p = p->next) {
        struct node *c = malloc(sizeof *c);
        c->v = p->v;
        c->next = s.top;
        s.top = c;
        s.depth++;
    }
    while (s.top) {
        struct node *c = s.top;
        t += (long)c->v * k++;
        s.top = c->next;
        free(c);
    }
    return t;
}

int main(void)
{
    struct node *l = NULL;
    for (int i = 0; i < 8; i++) {
        struct node *n = malloc(sizeof *n);
        n->v = i * 3 + 1;
        n->next = l;
        l = n;
    }
    printf("%ld\n", reversed_sum(l));
    while (l) {
        struct node *n = l->next;
        free(l);
        l = n;
    }
    return 0;
}
