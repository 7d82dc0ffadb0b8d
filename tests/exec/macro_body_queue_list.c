/* <sys/queue.h> LIST with its head behind a global pointer (allocated on the heap):
   LIST_INSERT_HEAD, LIST_FOREACH, LIST_REMOVE are system-header macros, expanded at
   their uses when the nodes change. The entries are anonymous nested structs
   (LIST_ENTRY) whose le_prev points to the head's or a node's link: a slot pointer
   (analysis/SlotPointers.h), which becomes a pointer to an index, so head and nodes stay
   apart and the list is compressed. */
// EXPECT: {"type": "struct lnode", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct lnode {
    int key;
    LIST_ENTRY(lnode) link;
};

LIST_HEAD(lhead, lnode);

static struct lhead *all;

static void add(int key) {
    struct lnode *n = malloc(sizeof *n);
    n->key = key;
    LIST_INSERT_HEAD(all, n, link);
}

static int remove_multiples(int m) {
    int removed = 0;
    struct lnode *p = LIST_FIRST(all);
    while (p) {
        struct lnode *nx = LIST_NEXT(p, link);
        if (p->key % m == 0) {
            LIST_REMOVE(p, link);
            free(p);
            removed++;
        }
        p = nx;
    }
    return removed;
}

int main(void) {
    all = malloc(sizeof *all);
    LIST_INIT(all);
    for (int i = 1; i <= 300; i++)
        add(i * 13 % 257);
    int r = remove_multiples(3) + remove_multiples(5);
    long s = 0;
    struct lnode *p;
    LIST_FOREACH(p, all, link)
        s += p->key;
    printf("removed=%d s=%ld\n", r, s);
    while (!LIST_EMPTY(all)) {
        struct lnode *f = LIST_FIRST(all);
        LIST_REMOVE(f, link);
        free(f);
    }
    free(all);
    return 0;
}
