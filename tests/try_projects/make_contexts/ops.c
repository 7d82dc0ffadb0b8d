#include "list.h"

int list_max(const struct node *head) {
  int m = head ? head->value : 0;
  for (; head; head = head->next)
    if (head->value > m)
      m = head->value;
  return m;
}

int list_min(const struct node *head) {
  int m = head ? head->value : 0;
  for (; head; head = head->next)
    if (head->value < m)
      m = head->value;
  return m;
}
