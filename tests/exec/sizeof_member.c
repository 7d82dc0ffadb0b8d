/* sizeof of a node member whose type does not change (a char array), reached through
   an index: written as the member's type, sizeof(char[24]), and the node compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct node { char text[24]; struct node *next; int a; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    snprintf(n->text, sizeof n->text, "n%d", i);
    n->next = head; head = n;
  }
  for (struct node *p = head; p; p = p->next) printf("%s %zu\n", p->text, sizeof p->text);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
