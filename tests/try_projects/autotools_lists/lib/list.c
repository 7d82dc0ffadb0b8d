#include "lists.h"

#include <stdlib.h>

struct node *list_push(struct node *head, int value) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    abort();
  n->value = value;
  n->next = head;
  return n;
}

struct node *list_reverse(struct node *head) {
  struct node *done = NULL;
  while (head) {
    struct node *next = head->next;
    head->next = done;
    done = head;
    head = next;
  }
  return done;
}

size_t list_length(const struct node *head) {
  size_t n = 0;
  for (; head; head = head->next)
    n++;
  return n;
}

long list_sum(const struct node *head) {
  long s = 0;
  for (; head; head = head->next)
    s += head->value;
  return s;
}

void list_free(struct node *head) {
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
}
