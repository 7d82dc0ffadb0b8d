/* Local arrays of node structs initialised from brace lists. Arrays that only point to
   the nodes (list heads) keep their place with the new layout, each element's list
   written for it (`struct node_pc32 heads[4] = {{10, 0}, ...}`), with a
   zeroed element and fewer elements than the array holds. Arrays the nodes point back
   to (ring sentinels) move into the pool as one block, each element's list stored into
   it, a list that names elements of the array itself, and a struct with a const member. */
// EXPECT: {"type": "struct node", "owner": "heads_run", "compressed": true}
// EXPECT: {"type": "struct node", "owner": "rings_run", "compressed": true, "moved_into_pool": ["local 'rings' of rings_run (local_arrays_initialised.c:40:17)"]}
// EXPECT: {"type": "struct tagged", "owner": "tagged_run", "compressed": true, "moved_into_pool": ["local 'ends' of tagged_run (local_arrays_initialised.c:62:19)", "local 'init' of tagged_run (local_arrays_initialised.c:65:23)"]}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int v; struct node *next; };
struct tagged { const int tag; struct tagged *next; };

static long heads_run(void) {
    struct node heads[4] = {{10, NULL}, {0}, {30, NULL}};
    for (int i = 0; i < 12; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            exit(1);
        n->v = i;
        n->next = heads[i % 4].next;
        heads[i % 4].next = n;
    }
    long s = 0;
    for (int k = 0; k < 4; k++) {
        s = s * 3 + heads[k].v;
        for (struct node *p = heads[k].next, *q; p; p = q) {
            q = p->next;
            s = s * 5 + p->v;
            free(p);
        }
    }
    return s + (long)sizeof heads;
}

static long rings_run(void) {
    struct node rings[3] = {{-1, &rings[0]}, {-2, &rings[1]}, {-3, rings + 2}};
    for (int i = 0; i < 9; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            exit(1);
        n->v = i;
        n->next = rings[i % 3].next;
        rings[i % 3].next = n;
    }
    long s = 0;
    for (int k = 0; k < 3; k++) {
        s = s * 7 + rings[k].v;
        for (struct node *p = rings[k].next, *q; p != &rings[k]; p = q) {
            q = p->next;
            s = s * 5 + p->v;
            free(p);
        }
    }
    return s + (long)(sizeof rings / sizeof rings[0]);
}

static long tagged_run(void) {
    struct tagged ends[2] = {{100, &ends[0]}, {200, &ends[1]}};
    for (int i = 0; i < 4; i++) {
        struct tagged *t = malloc(sizeof *t);
        struct tagged init = {i, ends[i % 2].next};
        if (!t)
            exit(1);
        memcpy(t, &init, sizeof *t);
        ends[i % 2].next = t;
    }
    long s = 0;
    for (int k = 0; k < 2; k++)
        for (struct tagged *p = ends[k].next, *q; p != &ends[k]; p = q) {
            q = p->next;
            s = s * 11 + p->tag + ends[k].tag;
            free(p);
        }
    return s;
}

int main(void) {
    printf("%ld %ld %ld\n", heads_run(), rings_run(), tagged_run());
    return 0;
}
