/* linked generator, seeds 20003, 20004, 20013, 20014, 20024, 20035, ... (48 of the first
   160 programs of `--seed 20000`, every mode): output-compile, "invalid application of
   'sizeof' to incomplete type". Reduced by hand: the pool version of an allocation
   wrapper divided its byte size by sizeof(struct node) where the wrapper is defined,
   before the struct's definition. Fixed: callers convert the size into a number of
   objects (xmalloc_pc32(P, 1)), where the type is complete. */
#include <stdio.h>
#include <stdlib.h>

static void *xmalloc(size_t size)
{
    void *p = malloc(size);
    if (!p) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return p;
}

struct node {
    unsigned key;
    struct node *next;
};

static struct node *push(struct node *head, unsigned key)
{
    struct node *n = xmalloc(sizeof(struct node));
    n->key = key;
    n->next = head;
    return n;
}

int main(void)
{
    struct node *head = NULL, *p;
    unsigned i, h = 0;
    for (i = 0; i < 30; i++)
        head = push(head, i * 2654435761u);
    for (p = head; p; p = p->next)
        h = h * 31u + p->key;
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    printf("total %u\n", h);
    return 0;
}
