/* An opaque list: users see only the declaration of struct entry. */
#ifndef OPAQUE_LIST_H
#define OPAQUE_LIST_H

struct entry;

struct entry *list_push(struct entry *head, int value);
int list_sum(const struct entry *head);
int list_length(const struct entry *head);
void list_free(struct entry *head);

#endif
