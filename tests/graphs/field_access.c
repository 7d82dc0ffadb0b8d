/* '.', '->' and '(*p).f' on nested structs: edge offsets follow the real x86-64 layout;
   a char field access and an interior pointer to a nested struct do not collapse. */
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

struct inner {
    int x;
    struct node *link; /* offset 8 */
};

struct outer {
    char tag;          /* offset 0 */
    struct inner in;   /* offset 8: in.x at 8, in.link at 16 */
    struct node *tail; /* offset 24; sizeof 32 */
};

struct ref {
    struct inner *at;
};

int main(void) {
    struct outer *o = malloc(sizeof *o); // @o
    struct node *n1 = malloc(sizeof *n1); // @n1
    struct node *n2 = malloc(sizeof *n2); // @n2
    struct ref *r = malloc(sizeof *r); // @r
    o->tag = 'x';
    o->in.link = n1;
    (*o).tail = n2;
    o->in.link->next = n2;
    n2->next = NULL;
    n1->key = 1;
    n2->key = 2;
    struct inner *ip = &o->in;
    ip->x = 3;
    r->at = &o->in;
    return o->tag + r->at->x + (*o).in.link->next->key + o->tail->key;
}
