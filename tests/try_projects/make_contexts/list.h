#ifndef LIST_H
#define LIST_H
struct node {
  int value;
  struct node *next;
};
struct node *list_push(struct node *head, int value);
long list_sum(const struct node *head);
long list_length(const struct node *head);
void list_free(struct node *head);
int list_max(const struct node *head);
int list_min(const struct node *head);
#endif
