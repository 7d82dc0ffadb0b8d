/* Pointers to links whose value goes somewhere the analysis does not follow as a slot
   pointer (SlotPointers.h) stay ordinary pointers: the variable they designate and the
   nodes are one object set, and the structure keeps its pointers. Saved in a global
   that other files may name (a static one would be a slot pointer too) and written
   through later; handed to memset. (Compared with the address of the head, it stays a
   slot pointer: both are addresses of places that hold indices; that list is
   compressed.) */
// EXPECT: {"type": "struct anode", "owner": "(global)", "compressed": false, "reason": "holds stack or global objects as well as heap objects"}
// EXPECT: {"type": "struct bnode", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct cnode", "owner": "main", "compressed": false, "reason": "holds stack or global objects as well as heap objects (among them 'chead' of main (link_slots_ordinary.c:57:17))"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct anode { int v; struct anode *next; };
struct anode **cursor; /* the link that holds the last node appended; other files may name it */

static void append(struct anode **pp, int v) {
  while (*pp)
    pp = &(*pp)->next;
  *pp = calloc(1, sizeof **pp);
  if (!*pp)
    exit(1);
  (*pp)->v = v;
  cursor = pp;
}

struct bnode { int v; struct bnode *next; };
static struct bnode *bhead;

static int depth_of(int v) {
  int d = 0;
  struct bnode **pp = &bhead;
  while (*pp && (*pp)->v != v) {
    pp = &(*pp)->next;
    d++;
  }
  return pp == &bhead ? -1 : d;
}

struct cnode { int v; struct cnode *next; };

static void cut_after(struct cnode **pp, int n) {
  while (*pp && n-- > 0)
    pp = &(*pp)->next;
  struct cnode *rest = *pp;
  memset(pp, 0, sizeof *pp);
  while (rest) {
    struct cnode *x = rest->next;
    free(rest);
    rest = x;
  }
}

int main(void) {
  struct anode *ahead = NULL;
  struct cnode *chead = NULL;
  for (int i = 0; i < 10; i++) {
    append(&ahead, i);
    struct bnode *b = malloc(sizeof *b);
    struct cnode *c = malloc(sizeof *c);
    if (!b || !c)
      return 1;
    b->v = i * 3;
    b->next = bhead;
    bhead = b;
    c->v = i;
    c->next = chead;
    chead = c;
  }
  (*cursor)->next = malloc(sizeof **cursor);
  if (!(*cursor)->next)
    return 1;
  (*cursor)->next->v = 99;
  (*cursor)->next->next = NULL;
  int sa = 0;
  for (struct anode *a = ahead, *x; a; a = x) {
    x = a->next;
    sa += a->v;
    free(a);
  }
  printf("a %d, b %d %d %d\n", sa, depth_of(27), depth_of(0), depth_of(5));
  cut_after(&chead, 4);
  int nc = 0;
  for (struct cnode *c = chead, *x; c; c = x) {
    x = c->next;
    nc++;
    free(c);
  }
  while (bhead) {
    struct bnode *x = bhead->next;
    free(bhead);
    bhead = x;
  }
  printf("c %d\n", nc);
  return 0;
}
