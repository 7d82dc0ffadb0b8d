#ifndef LIST_H
#define LIST_H

struct list {
    int value;
    struct list *next;
};

struct list *list_push(struct list *head, int value);
int list_sum(const struct list *head);
void list_free(struct list *head);

#endif
