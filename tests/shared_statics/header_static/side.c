#include "tally.h"
static int visits = 2;
long side_total(void) {
    struct item *head = NULL;
    for (int i = 0; i < 3; i++) {
        struct item *it = malloc(sizeof *it);
        it->weight = i + visits;
        it->next = head;
        head = it;
    }
    long total = tally(head, 5);
    while (head) {
        struct item *next = head->next;
        free(head);
        head = next;
    }
    return total;
}
