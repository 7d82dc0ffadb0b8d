/* Doubly linked list: next and prev edges both lead back to the list's node. */
#include <stdlib.h>

struct dnode {
    int v;
    struct dnode *next; /* offset 8 */
    struct dnode *prev; /* offset 16; sizeof 24 */
};

static struct dnode *push_front(struct dnode *head, int v) {
    struct dnode *n = malloc(sizeof *n); // @n
    n->v = v;
    n->prev = NULL;
    n->next = head;
    if (head)
        head->prev = n;
    return n;
}

int main(void) {
    struct dnode *h = NULL;
    for (int i = 0; i < 5; i++)
        h = push_front(h, i);
    struct dnode *tail = h;
    while (tail->next)
        tail = tail->next;
    int s = 0;
    for (; tail; tail = tail->prev)
        s += tail->v;
    return s;
}
