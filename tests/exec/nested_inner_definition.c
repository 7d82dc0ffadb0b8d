/* A header type defined inside the node's own definition (`struct bin { struct ilist
   { ... } lst; ... }`): there is no file-scope definition beside which its new layout
   could be declared, so the structures stay as they are, with the reason. */
// EXPECT: {"type": "struct item", "compressed": false, "reason": "struct ilist is not defined at file scope"}
// EXPECT: {"type": "struct bin", "compressed": false, "reason": "struct ilist is not defined at file scope"}
#include <stdio.h>
#include <stdlib.h>
struct item { int v; struct item *next; };
struct bin {
    int id;
    struct ilist { struct item *head; int count; } lst;
    struct bin *next;
};
static void push(struct ilist *l, int v) { struct item *it = malloc(sizeof *it); it->v = v; it->next = l->head; l->head = it; l->count++; }
int main(void) {
    struct bin *bins = NULL;
    for (int i = 0; i < 3; i++) { struct bin *b = calloc(1, sizeof *b); b->id = i; b->next = bins; bins = b; push(&b->lst, i); push(&b->lst, i * 2); }
    long s = 0;
    for (struct bin *b = bins; b; b = b->next) for (struct item *it = b->lst.head; it; it = it->next) s += it->v * b->id;
    printf("%ld\n", s);
    while (bins) { struct bin *n = bins->next; while (bins->lst.head) { struct item *x = bins->lst.head; bins->lst.head = x->next; free(x); } free(bins); bins = n; }
    return 0;
}
