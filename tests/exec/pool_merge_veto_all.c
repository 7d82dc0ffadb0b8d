/* Two lists from one allocation site and owner would share a pool; one of them is used
   in a way ptrcomp cannot rewrite (an interior pointer compared with a node pointer), so
   neither is changed: they share the pool, so the veto of one is the veto of both (a
   price of sharing: alone in a pool, the other list would be compressed). */
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a pointer that is not a pool index is converted to void *"}
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "it shares a pool with another structure of its allocation sites and owner, which stays unchanged because a pointer that is not a pool index is converted to void *"}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

static struct node *push(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    n->val = v;
    n->next = head;
    return n;
}

static int total(const struct node *l) {
    int s = 0;
    for (; l; l = l->next)
        s += l->val;
    return s;
}

static void release(struct node *l) {
    while (l) {
        struct node *n = l->next;
        free(l);
        l = n;
    }
}

int main(void) {
    struct node *a = NULL, *b = NULL;
    for (int i = 0; i < 6; i++) {
        a = push(a, i);
        b = push(b, 10 * i);
    }
    int *v = &a->next->val;
    int same = (void *)v == (void *)a->next;
    printf("%d %d %d\n", same, total(a), total(b));
    release(a);
    release(b);
    return 0;
}
