// A stack of nodes whose top is kept in a struct-typed local (`struct stack s = { NULL, 0 }`):
// the local becomes a `struct stack_pc32` and the nodes are compressed.
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
struct stack { struct node *top; int depth; };
int main(void) {
  struct stack s = { NULL, 0 };
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->val = i; n->next = s.top; s.top = n; s.depth++;
  }
  int sum = 0;
  for (struct node *p = s.top; p; p = p->next) sum += p->val;
  printf("%d %d\n", sum, s.depth);
  while (s.top) { struct node *n = s.top->next; free(s.top); s.top = n; }
  return 0;
}
