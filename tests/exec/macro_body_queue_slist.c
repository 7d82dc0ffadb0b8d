/* <sys/queue.h> SLIST with its head inside a heap-allocated struct: SLIST_INIT,
   SLIST_INSERT_HEAD, SLIST_FOREACH, SLIST_EMPTY, SLIST_REMOVE_HEAD are system-header
   macros whose bodies touch the nodes; each use is written as the expansion, rewritten
   (the header is never edited); SLIST_FIRST, whose body does not change, keeps its use.
   The entry is the struct SLIST_ENTRY declares, given a name (macro_body_queue_slist_entry
   has the anonymous one). */
// EXPECT: {"type": "struct snode", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct stack", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct snode;
struct snode_link { /* what SLIST_ENTRY(snode) declares, with a name */
    struct snode *sle_next;
};
struct snode {
    int v;
    struct snode_link link;
};

SLIST_HEAD(shead, snode);

struct stack {
    struct shead head;
    int depth;
};

int main(void) {
    struct stack *st = malloc(sizeof *st);
    SLIST_INIT(&st->head);
    st->depth = 0;
    for (int i = 0; i < 500; i++) {
        struct snode *n = malloc(sizeof *n);
        n->v = i * 7 % 31;
        SLIST_INSERT_HEAD(&st->head, n, link);
        st->depth++;
    }
    long s = 0;
    struct snode *p;
    SLIST_FOREACH(p, &st->head, link)
        s += p->v;
    int popped = 0;
    while (!SLIST_EMPTY(&st->head)) {
        struct snode *top = SLIST_FIRST(&st->head);
        SLIST_REMOVE_HEAD(&st->head, link);
        popped += top->v & 1;
        free(top);
    }
    printf("depth=%d s=%ld odd=%d\n", st->depth, s, popped);
    free(st);
    return 0;
}
