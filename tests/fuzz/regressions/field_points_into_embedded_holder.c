/* Found by the suite once self-check vetoes fail it (tests/graphs/field_access.c): a
   pooled struct's field points to a struct embedded in another pooled object
   (`r->at = &o->in;` with `struct ref { struct inner *at; }`), and the embedded struct
   gets a layout of its own (struct inner_pc32, it holds an index). The field kept its
   type `struct inner *` in struct ref's layout, the assignment did not compile, and the
   self-check left the structures unchanged. Now the plan leaves struct outer unchanged
   with the reason (analysis/Plan.cpp vetoPointersIntoNestedLayouts). */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

struct inner {
    int x;
    struct node *link;
};

struct outer {
    char tag;
    struct inner in;
    struct node *tail;
};

struct ref {
    struct inner *at;
};

int main(void)
{
    struct outer *o = malloc(sizeof *o);
    struct node *n1 = malloc(sizeof *n1);
    struct node *n2 = malloc(sizeof *n2);
    struct ref *r = malloc(sizeof *r);
    int v;
    if (!o || !n1 || !n2 || !r)
        return 2;
    o->tag = 'x';
    o->in.link = n1;
    o->tail = n2;
    n1->next = n2;
    n2->next = NULL;
    n1->key = 1;
    n2->key = 2;
    o->in.x = 3;
    r->at = &o->in;
    v = o->tag + r->at->x + o->in.link->next->key + o->tail->key;
    printf("%d\n", v);
    free(r);
    free(n2);
    free(n1);
    free(o);
    return 0;
}
