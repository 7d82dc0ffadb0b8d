/* hook_global.c's hooks in pool-allocation mode (pointers stay pointers): the objects
   allocated through the malloc hook go into a pool, so the calls through both hooks must
   become pool operations (pc_ptr(pc_alloc(...)), pc_free(pc_index_of(...))); freeing
   a pool object with free, or allocating it elsewhere, would break it. A program
   function whose address is taken makes the call targets be resolved by unification. */
// ARGS: 500
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct ent", "owner": "ents", "pooled": true, "indexed": false, "hooks": [{"hook": "alloc_fn", "targets": ["malloc"], "decision": "pool allocation"}]}
// EXPECT: {"type": "struct rec", "owner": "recs", "pooled": true, "indexed": false, "hooks": [{"hook": "free_fn", "targets": ["free"], "decision": "pool free"}]}
#include <stdio.h>
#include <stdlib.h>

struct ent {
    struct ent *prev, *next;
    unsigned key;
};

struct rec {
    unsigned v;
    struct rec *next;
};

static void *(*alloc_fn)(size_t) = malloc;
static void (*free_fn)(void *) = free;

static unsigned twice(unsigned x) { return 2u * x; }
static unsigned (*op)(unsigned) = twice;

static struct ent *ent_new(unsigned key) {
    struct ent *p = alloc_fn(sizeof(struct ent));
    if (!p)
        exit(2);
    p->key = key;
    p->prev = p->next = NULL;
    return p;
}

static unsigned ents(unsigned n) {
    struct ent *head = NULL, *tail = NULL, *p;
    unsigned h = 0;
    for (unsigned i = 0; i < n; i++) {
        p = ent_new(op(i));
        p->prev = tail;
        if (tail)
            tail->next = p;
        else
            head = p;
        tail = p;
    }
    for (p = tail; p; p = p->prev)
        h = h * 31u + p->key;
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return h;
}

static unsigned recs(unsigned n) {
    struct rec *head = NULL, *p;
    unsigned h = 0;
    for (unsigned i = 0; i < n; i++) {
        p = malloc(sizeof *p);
        if (!p)
            exit(2);
        p->v = op(i) + 1u;
        p->next = head;
        head = p;
    }
    for (p = head; p; p = p->next)
        h = h * 17u + p->v;
    while (head) {
        p = head->next;
        free_fn(head);
        head = p;
    }
    return h;
}

int main(int argc, char **argv) {
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 50;
    printf("ents %u\n", ents(n));
    printf("recs %u\n", recs(n));
    return 0;
}
