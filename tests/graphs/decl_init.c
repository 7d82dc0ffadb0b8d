/* Declarations with several declarators, aggregate and designated initializers. */
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

struct pair {
    struct node *first;
    struct node *second;
};

int main(void) {
    struct node *a = malloc(sizeof *a), *b = a, c; // @a
    struct node *d = malloc(sizeof *d); // @d
    struct pair p1 = { a, d };
    struct pair p2 = { .second = a };
    a->next = NULL;
    d->next = NULL;
    d->val = 4;
    c.val = 1;
    c.next = d;
    a->val = b->val = c.val;
    return p1.first->val + p2.second->val + c.next->val;
}
