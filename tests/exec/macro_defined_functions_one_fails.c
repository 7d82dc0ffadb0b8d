/* Two macro uses that define functions: written out, the first would not parse (its
   argument ARGS expands to a comma for TWO only in the macro's expansion), so it stays a
   macro use; the second is written out on its own and its stack is compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
#define ARGS n, 1
#define TWO(a, b) ((a)->v + (b))
#define DEFINE_F(name, call) static int name(struct node *n) { return TWO(call); }
#define STACK(name) \
  static struct node *name##_push(struct node *t, int v) { struct node *c = malloc(sizeof *c); if (!c) exit(2); c->v = v; c->next = t; return c; }
DEFINE_F(f, ARGS)
STACK(s)
int main(void) {
  struct node *t = NULL;
  for (int i = 0; i < 5; i++) t = s_push(t, i);
  int x = 0;
  while (t) { struct node *n = t->next; x += t->v; free(t); t = n; }
  struct node one = { 41, NULL };
  printf("%d %d\n", x, f(&one));
  return 0;
}
