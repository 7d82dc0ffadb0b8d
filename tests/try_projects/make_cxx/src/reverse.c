/* reverse N...: the numbers in reverse order, with their sum, in a list of the library. */
#include <stdio.h>
#include <stdlib.h>

#include "list.h"

int main(int argc, char **argv) {
  struct node *head = NULL;
  for (int i = 1; i < argc; i++)
    head = list_push(head, atoi(argv[i]));
  printf("%zu numbers, sum %ld:", list_length(head), list_sum(head));
  for (const struct node *n = head; n; n = n->next)
    printf(" %d", n->value);
  printf("\n");
  list_free(head);
  return 0;
}
