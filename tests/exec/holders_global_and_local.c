/* List heads of the node's own struct, some global and some local, that one pointer may
   name (`pick = i % 2 ? &gsent : &lsent;`) and that only point to heap nodes: they are
   holders, global and local alike (`struct node_pc32`, their `next` an index), and the
   pointer to them a pointer to the new layout. A second function's local head is passed
   with the global one. (They were left unchanged: "pointers to it are stored in struct
   node objects that ptrcomp does not rewrite".) */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
static struct node gsent = {-1, NULL};

static long sum(const struct node *h) {
    long s = 0;
    for (; h; h = h->next)
        s = s * 3 + h->v;
    return s;
}

static void push(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->v = v;
    n->next = head->next;
    head->next = n;
}

static void drop(struct node *head) {
    for (struct node *p = head->next, *q; p; p = q) {
        q = p->next;
        free(p);
    }
    head->next = NULL;
}

static long other(void) {
    struct node mine = {-3, NULL};
    for (int i = 0; i < 4; i++)
        push(i % 2 ? &mine : &gsent, 100 + i);
    long s = sum(mine.next) + (long)sizeof mine;
    drop(&mine);
    return s;
}

int main(void) {
    struct node lsent = {-2, NULL};
    struct node *pick = &gsent;
    for (int i = 0; i < 6; i++) {
        pick = i % 2 ? &gsent : &lsent;
        push(pick, i);
    }
    long o = other();
    printf("%ld %ld %ld %d\n", sum(gsent.next), sum(lsent.next), o, pick->v);
    drop(&gsent);
    drop(&lsent);
    return 0;
}
