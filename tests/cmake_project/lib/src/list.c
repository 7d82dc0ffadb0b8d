#include <stdlib.h>
#include <pcdemo/structs.h>

struct item *list_push(struct item *head, int value) {
    struct item *it = malloc(sizeof *it);
    if (!it)
        abort();
    it->value = value;
    it->next = head;
    return it;
}

int list_sum(const struct item *head) {
    int sum = 0;
    for (; head; head = head->next)
        sum += head->value;
    return sum;
}

int list_length(const struct item *head) {
    int n = 0;
    while (head) {
        n++;
        head = head->next;
    }
    return n;
}

struct item *list_reverse(struct item *head) {
    struct item *prev = NULL;
    while (head) {
        struct item *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

void list_free(struct item *head) {
    while (head) {
        struct item *next = head->next;
        free(head);
        head = next;
    }
}
