/* `sizeof` keeps its original value wherever the program sees it (tool/rules/Sizeof.h):
   element counts over an array of node pointers in a node (`sizeof n->kids /
   sizeof(struct node *)`, half of them once the array holds 32-bit indices), memory
   accounting with `sizeof *t`, the size of a pointer variable, of a global pointer, of a
   struct-typed local holding node pointers, and of a global array of node pointers,
   printed. Only the byte count of the memset, which covers the new array, measures it
   anew. The same program as tests/exec/sizeof_keeps_value.c, with 16-bit indices. */
// PTRCOMP-ARGS: --index-bits=16
// EXPECT: {"type": "struct node", "owner": "(global)", "indexed": true, "compressed": true, "index_bits": 16}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    struct node *kids[8];
    int v;
};

struct list { struct node *first, *last; int n; };

static struct node *roots[4];
static struct node *latest;
static size_t mem_used;

static struct node *build(int depth, int *counter) {
    struct node *n = malloc(sizeof(struct node));
    mem_used += sizeof *n;
    memset(n->kids, 0, sizeof n->kids);
    n->v = (*counter)++;
    if (depth > 0)
        for (size_t i = 0; i < sizeof n->kids / sizeof(struct node *); i++)
            n->kids[i] = build(depth - 1, counter);
    latest = n;
    return n;
}

static long sum(struct node *n) {
    long s = n->v;
    for (size_t i = 0; i < sizeof n->kids / sizeof n->kids[0]; i++)
        if (n->kids[i])
            s += sum(n->kids[i]);
    return s;
}

static void destroy(struct node *n) {
    for (size_t i = 0; i < sizeof(n->kids) / sizeof(struct node *); i++)
        if (n->kids[i])
            destroy(n->kids[i]);
    mem_used -= sizeof(*n);
    free(n);
}

int main(void) {
    int counter = 0;
    struct list l = { NULL, NULL, 0 };
    struct node *t = build(3, &counter);
    l.first = t;
    l.last = latest;
    l.n = counter;
    roots[0] = t;
    printf("built %d nodes, sum %ld, %zu bytes accounted\n", counter, sum(t), mem_used);
    printf("sizeof t=%zu *t=%zu t->kids=%zu latest=%zu l=%zu roots=%zu/%zu\n", sizeof t,
           sizeof *t, sizeof t->kids, sizeof latest, sizeof l, sizeof roots,
           sizeof roots / sizeof roots[0]);
    printf("first %d last %d n %d\n", l.first->v, l.last->v, l.n);
    destroy(roots[0]);
    printf("%zu bytes left\n", mem_used);
    return 0;
}
