/* Context sensitivity does not separate what the caller joins: results of two calls stored
   into one variable, or one list appended to the other, share one node. */
#include <stdlib.h>

struct list {
    int x;
    struct list *next; /* offset 8 */
};

static struct list *make_list(int n) {
    struct list *head = NULL;
    for (int i = 0; i < n; i++) {
        struct list *node = malloc(sizeof *node); // @mk
        node->x = i;
        node->next = head;
        head = node;
    }
    return head;
}

static int length(struct list *l) {
    int n = 0;
    for (; l; l = l->next)
        n++;
    return n;
}

int main(void) {
    struct list *v = make_list(3);
    struct list *first = v;
    int s = length(v);
    v = make_list(5);
    s += length(v);
    struct list *a = make_list(2);
    struct list *tail = a;
    while (tail->next)
        tail = tail->next;
    struct list *second = make_list(2);
    tail->next = second;
    struct list *w = make_list(1);
    return s + length(first) + length(a) + w->x;
}
