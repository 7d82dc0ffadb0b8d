#include <stdlib.h>

#include "list.h"

struct entry {
    int value;
    struct entry *next;
};

struct entry *list_push(struct entry *head, int value) {
    struct entry *e = malloc(sizeof *e);
    if (!e)
        return head;
    e->value = value;
    e->next = head;
    return e;
}

int list_sum(const struct entry *head) {
    int s = 0;
    for (; head; head = head->next)
        s += head->value;
    return s;
}

int list_length(const struct entry *head) {
    int n = 0;
    for (; head; head = head->next)
        n++;
    return n;
}

void list_free(struct entry *head) {
    while (head) {
        struct entry *next = head->next;
        free(head);
        head = next;
    }
}
