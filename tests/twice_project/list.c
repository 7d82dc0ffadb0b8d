#include "list.h"

struct node *push(struct node *h, int v, int *failed) {
    struct node *n = malloc(sizeof *n);
    if (!n) {
        ++*failed;
        return h;
    }
    n->v = v;
    n->next = h;
    return n;
}

int length(const struct node *h) {
    int n = 0;
    for (; h; h = h->next)
        n++;
    return n;
}

void release(struct node *h) {
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
}
