/* A singly linked list of ints: the library's public header, also used from C++. */
#ifndef LIST_H
#define LIST_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct node {
  int value;
  struct node *next;
};

struct node *list_push(struct node *head, int value);
struct node *list_reverse(struct node *head);
size_t list_length(const struct node *head);
long list_sum(const struct node *head);
void list_free(struct node *head);

#ifdef __cplusplus
}
#endif
#endif
