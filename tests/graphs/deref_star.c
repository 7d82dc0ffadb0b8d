/* Unary '*' on pointers to pointers: stores through *pp reach the pointed-to variable. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

static void push(struct node **head, int v) {
    struct node *n = malloc(sizeof *n); // @push
    n->v = v;
    n->next = *head;
    *head = n;
}

int main(void) {
    struct node *list = NULL;
    struct node **pp = &list;
    *pp = malloc(sizeof **pp); // @main
    (*pp)->v = 0;
    (*pp)->next = NULL;
    push(&list, 1);
    push(pp, 2);
    int total = 0;
    for (struct node *it = list; it; it = it->next)
        total += it->v;
    return total;
}
