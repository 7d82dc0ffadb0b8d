/* A struct member that points to a struct embedded in pooled objects, where the embedded
   struct gets a layout of its own (it holds a node pointer, which becomes an index): the
   member would be declared with its original type, so the pool of the objects that embed
   it stays unchanged, with the member named. Held by a heap object and by a local
   holder. A member pointing to an int inside the embedded struct, and a local variable
   pointing to the embedded struct, change nothing: that structure is compressed. */
// EXPECT: {"type": "struct box", "owner": "heap_ref", "pooled": false, "reason": "struct ref's member 'at' (of the struct ref objects first used at member_points_into_embedded_layout.c:30:5) points to a struct link inside these objects, which gets a layout of its own; the member would keep its original type"}
// EXPECT: {"type": "struct box", "owner": "holder_ref", "pooled": false, "reason": "struct cursor's member 'cur' (of the struct cursor objects first used at member_points_into_embedded_layout.c:43:19) points to a struct link inside these objects, which gets a layout of its own; the member would keep its original type"}
// EXPECT: {"type": "struct box", "owner": "int_ref", "compressed": true}
// EXPECT: {"type": "struct node", "owner": "int_ref", "compressed": true}
// EXPECT: {"type": "struct counter", "owner": "int_ref", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
struct link { int x; struct node *first; };
struct box { char tag; struct link in; struct node *tail; };
struct ref { struct link *at; };
struct cursor { int pos; struct link *cur; };
struct counter { int *hits; };

static int heap_ref(void) {
    struct box *b = malloc(sizeof *b);
    struct node *n = malloc(sizeof *n);
    struct ref *r = malloc(sizeof *r);
    if (!b || !n || !r)
        exit(2);
    n->key = 4; n->next = NULL;
    b->tag = 'a'; b->in.x = 1; b->in.first = n; b->tail = n;
    r->at = &b->in;
    int v = b->tag + r->at->x + r->at->first->key;
    free(r); free(n); free(b);
    return v;
}

static int holder_ref(void) {
    struct box *b = malloc(sizeof *b);
    struct node *n = malloc(sizeof *n);
    if (!b || !n)
        exit(2);
    n->key = 5; n->next = NULL;
    b->tag = 'b'; b->in.x = 2; b->in.first = n; b->tail = NULL;
    struct cursor c = {7, &b->in};
    int v = c.pos + c.cur->x + c.cur->first->key + b->tag;
    free(n); free(b);
    return v;
}

static int int_ref(void) {
    struct box *b = malloc(sizeof *b);
    struct node *n = malloc(sizeof *n);
    struct counter *k = malloc(sizeof *k);
    if (!b || !n || !k)
        exit(2);
    n->key = 6; n->next = NULL;
    b->tag = 'c'; b->in.x = 3; b->in.first = n; b->tail = n;
    k->hits = &b->in.x;
    struct link *l = &b->in;
    *k->hits += 10;
    int v = b->in.x + l->first->key + b->tail->key;
    free(k); free(n); free(b);
    return v;
}

int main(void) {
    printf("%d %d %d\n", heap_ref(), holder_ref(), int_ref());
    return 0;
}
