/* A holder converted to a pointer to its first member, the head of a list (C allows
   it: a pointer to a struct, suitably converted, points to its first member), passed
   where a pointer to a link is expected: once the head holds an index, the conversion
   gives a pointer to that index, `(pc_idx32 *)pc_addr(...)`. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct holder", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
struct holder { struct node *first; long tag; };

static void push(struct node **pp, int k)
{
    struct node *x = malloc(sizeof *x);
    if (!x)
        exit(2);
    x->key = k;
    x->next = *pp;
    *pp = x;
}

int main(void)
{
    struct holder *h = calloc(1, sizeof *h);
    if (!h)
        return 2;
    h->tag = 7;
    for (int k = 0; k < 4; k++)
        push((struct node **)h, k * k);
    printf("%ld:", h->tag);
    while (h->first) {
        struct node *x = h->first->next;
        printf(" %d", h->first->key);
        free(h->first);
        h->first = x;
    }
    printf("\n");
    free(h);
    return 0;
}
