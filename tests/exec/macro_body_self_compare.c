/* A list macro with two node parameters, invoked with the same variable for both
   (`DLIST_DROP(top, top)` unlinks the first node): its body compares `(n) == (top)`.
   Expanded in the file, that comparison of a variable with itself would draw
   -Wtautological-compare (compilers do not warn inside macros), so its value is
   written instead, with the comparison as a comment. */
// EXPECT: {"type": "struct dnode", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct dnode {
    unsigned val;
    struct dnode *next, *prev;
};

#define DLIST_DROP(top, n)                        \
    do {                                          \
        if ((n)->next != NULL)                    \
            (n)->next->prev = (n)->prev;          \
        if ((n) == (top))                         \
            (top) = (n)->next;                    \
        else                                      \
            (n)->prev->next = (n)->next;          \
    } while (0)

int main(void)
{
    struct dnode *top = NULL;
    for (unsigned i = 0; i < 25; i++) {
        struct dnode *n = malloc(sizeof *n);
        if (n == NULL)
            return 2;
        n->val = i * 2654435761u % 1000u;
        n->prev = NULL;
        n->next = top;
        if (top != NULL)
            top->prev = n;
        top = n;
    }
    /* drop the odd values from the middle, then pop the rest from the front */
    struct dnode *n = top->next;
    while (n != NULL) {
        struct dnode *after = n->next;
        if (n->val % 2 == 1) {
            DLIST_DROP(top, n);
            free(n);
        }
        n = after;
    }
    unsigned long h = 0;
    while (top != NULL) {
        struct dnode *first = top;
        h = h * 31 + first->val;
        DLIST_DROP(top, top);
        free(first);
    }
    printf("%lu\n", h);
    return 0;
}
