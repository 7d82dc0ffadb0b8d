/* Linked generator seed 2244 with --mode=poolalloc (mismatch: "pc_free: index ... was not
   allocated from pool"), reduced by hand: objects allocated through a function pointer to
   malloc (an allocation hook) were put in a pool that the call through the pointer does
   not allocate from, and their free() became pc_free. Likewise a free() through a
   function pointer of pool objects. The analysis resolves both pointers (the program
   takes the address of one of its own functions too), so it knows their targets; such
   structures had to stay unchanged (fixed in analysis/LibcModel.cpp). Since then a call
   through a hook that the whole program shows to hold only malloc (free) is a call of
   malloc (free): both structures are pooled and both calls through the pointers become
   pool operations (analysis/AllocationHooks.cpp); the case guards that pool and calls
   agree.
   ptrcomp-options: --mode=poolalloc */
#include <stdio.h>
#include <stdlib.h>

struct ent {
    struct ent *prev;
    struct ent *next;
    unsigned key;
};

struct rec {
    unsigned v;
    struct rec *next;
};

static void *(*alloc_fn)(size_t) = malloc;
static void (*free_fn)(void *) = free;

static unsigned twice(unsigned x)
{
    return 2u * x;
}

static unsigned (*op)(unsigned) = twice;

static struct ent *ent_new(unsigned key)
{
    struct ent *p = alloc_fn(sizeof(struct ent));
    if (!p)
        exit(2);
    p->key = key;
    p->prev = NULL;
    p->next = NULL;
    return p;
}

static unsigned ents(unsigned n)
{
    struct ent *head = NULL, *tail = NULL, *p;
    unsigned i, h = 0;
    for (i = 0; i < n; i++) {
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

static unsigned recs(unsigned n)
{
    struct rec *head = NULL, *p;
    unsigned i, h = 0;
    for (i = 0; i < n; i++) {
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

int main(void)
{
    printf("ents %u\n", ents(50));
    printf("recs %u\n", recs(40));
    return 0;
}
