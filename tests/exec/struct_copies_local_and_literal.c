/* A pool object initialised from a compound literal, from a local, from a file-scope
   template and copied back to a local: the local, the literal and the template hold
   indices into the same pools (they get the pool objects' layout), so each copy is
   written as it is (the template makes the pool a global one). */
// EXPECT: {"type": "struct node", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { int key; struct node *next; };
static const struct node blank;
static struct node *from_literal(struct node *h, int k) {
  struct node *n = malloc(sizeof *n);
  *n = (struct node){ .key = k, .next = h };
  return n;
}
static struct node *from_local(struct node *h, int k) {
  struct node proto = { k, h };
  struct node *n = malloc(sizeof *n);
  *n = proto;
  return n;
}
static struct node *from_template(struct node *h, int k) {
  struct node *n = malloc(sizeof *n);
  *n = blank;
  n->key = k;
  n->next = h;
  return n;
}
static struct node *bumped_copy(struct node *h) {
  struct node copy = *h;
  copy.key += 100;
  struct node *n = malloc(sizeof *n);
  *n = copy;
  return n;
}
int main(void) {
  struct node *l = NULL;
  for (int i = 0; i < 12; i++)
    l = i % 3 == 0 ? from_literal(l, i) : i % 3 == 1 ? from_local(l, i) : from_template(l, i);
  l = bumped_copy(l);
  long s = 0;
  for (struct node *p = l; p; p = p->next) s = s * 3 + p->key;
  printf("%ld\n", s);
  while (l) { struct node *n = l->next; free(l); l = n; }
  return 0;
}
