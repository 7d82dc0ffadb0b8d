#include <stdio.h>
#include "list.h"
int main(void) {
  for (int i = 0; i < 10; i++) list_add(i * 3);
  int s = 0;
  for (struct node *p = list_head()->next; p != list_head(); p = p->next) s += p->key;
  printf("%d %d\n", s, list_head()->key);
  list_clear();
  printf("%d\n", list_head()->next == list_head());
  return 0;
}
