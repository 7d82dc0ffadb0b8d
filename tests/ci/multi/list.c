#include <stdlib.h>

#include "list.h"

struct list *list_push(struct list *head, int value) {
    struct list *n = malloc(sizeof *n);
    n->value = value;
    n->next = head;
    return n;
}

int list_sum(const struct list *head) {
    int s = 0;
    for (; head; head = head->next)
        s += head->value;
    return s;
}

void list_free(struct list *head) {
    while (head) {
        struct list *next = head->next;
        free(head);
        head = next;
    }
}
