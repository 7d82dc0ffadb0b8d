/* A member of a holder reached by bytes, `(char *)h + offsetof(struct holder, second)`
   and by a literal offset, and written through as a `struct node **`: the distances are
   those of the original layout, which a new layout (indices for the pointers before the
   member) would change. The holder keeps its layout and its pointers, and so do the
   nodes it points to. */
// EXPECT: {"type": "struct holder", "owner": "main", "compressed": false, "reason": "crosses a pointer member, whose size a new layout would change"}
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
struct holder { struct node *first; struct node *second; long tag; };

int main(void)
{
    struct holder *h = calloc(1, sizeof *h);
    if (!h)
        return 2;
    h->tag = 5;
    for (int k = 0; k < 4; k++) {
        struct node *x = malloc(sizeof *x);
        if (!x)
            return 2;
        x->key = k;
        x->next = h->first;
        h->first = x;
        struct node **q = (void *)((char *)h + offsetof(struct holder, second));
        *q = x;
    }
    long *tag = (long *)((char *)h + 16);
    *tag += 1;
    for (struct node *x = h->second; x; x = x->next)
        printf("%d ", x->key);
    printf("%ld\n", h->tag);
    while (h->first) {
        struct node *x = h->first->next;
        free(h->first);
        h->first = x;
    }
    free(h);
    return 0;
}
