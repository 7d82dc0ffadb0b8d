/* A function with a static local (`static int calls;`) that two lists call in two
   versions (one list is compressed, the other stays unchanged because of an integer cast
   back to a pointer). Each version would have its own counter, and the program would
   print something else; so the counter is declared once before the function, shared by
   both versions, and the first list is compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
static struct node *push(struct node *h, int v) {
  static int calls;
  struct node *n = malloc(sizeof *n);
  n->v = v + calls++; n->next = h;
  return n;
}
static void drop(struct node *h) { while (h) { struct node *n = h->next; free(h); h = n; } }
int main(void) {
  struct node *a = NULL, *b = NULL;
  for (int i = 0; i < 5; i++) { a = push(a, i); b = push(b, i); }
  long s = 0;
  for (struct node *p = a; p; p = p->next) s += p->v;
  for (struct node *p = b; p; p = p->next) s += p->v * 100;
  printf("%ld\n", s);
  b = (struct node *)(unsigned long)b; drop(a); drop(b);
  return 0;
}
