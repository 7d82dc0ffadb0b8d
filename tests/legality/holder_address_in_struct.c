/* List heads of the node's own struct, a global and a local that one pointer may name,
   whose address an iterator struct keeps (`struct iter it = {h, h->next};`): the
   iterator's member would keep its original type while the heads got a new layout, so
   the list stays, with the reason (was a self-check veto). From an adversarial review. */
// EXPECT: {"type": "struct node", "owner": "(global)", "pooled": false, "reason": "pointers to it are stored in struct node variables (globals or locals) whose layout ptrcomp cannot change"}
#include <stdio.h>
#include <stdlib.h>

struct node { int val; struct node *next; };
struct iter { struct node *head; struct node *cur; };
static struct node gh;

int main(int argc, char **argv) {
    (void)argv;
    struct node lh = {0, NULL};
    struct node *h = argc > 1 ? &gh : &lh;
    for (int i = 0; i < 3; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->val = i;
        n->next = h->next;
        h->next = n;
    }
    struct iter it = {h, h->next};
    int s = 0;
    for (; it.cur; it.cur = it.cur->next)
        s = s * 3 + it.cur->val + it.head->val;
    printf("%d\n", s);
    while (h->next) {
        struct node *n = h->next;
        h->next = n->next;
        free(n);
    }
    return 0;
}
