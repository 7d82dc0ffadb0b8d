/* Static locals of every common kind in a function with two versions (one list
   compressed, one kept by an integer cast): a counter declared with others on one line,
   an array with its initialiser list, a pointer to an earlier static local, a const
   table, a static in an inner block whose name another function uses for an automatic
   variable, a K&R function with a static local, and (stats_of) a struct defined with its
   static, a static named only in sizeof and a pointer to the function itself. All are
   shared by both versions. */
// CFLAGS: -Wno-deprecated-non-prototype
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
static const char *names[] = {"zero", "one", "two"};
static struct node *push(struct node *h, int v) {
  static int calls, evens = 0;
  static int hist[4] = {0, 0, 0, 0};
  static int *last = &calls;
  static const int weights[] = {3, 5, 7};
  struct node *n = malloc(sizeof *n);
  if (v % 2 == 0) {
    static unsigned long seen;
    seen += (unsigned long)v;
    evens++;
    if (seen > 1000) printf("many\n");
  }
  hist[v % 4]++;
  n->v = v * weights[v % 3] + calls++ + *last; n->next = h;
  if (evens > 100) printf("evens\n");
  return n;
}
static long stats_of(const struct node *h);
/* More kinds: a struct defined in the declaration, a static named only in sizeof, a
   pointer to the function itself (declared before by its prototype), and a local of the
   same name in a block that holds no use of the static. */
static long stats_of(const struct node *h) {
  static struct { long hits, misses; } stats;
  static char scratch[24];
  static long (*const self)(const struct node *) = stats_of;
  long sum = 0;
  for (; h; h = h->next) {
    if (h->v % 2) stats.hits++; else stats.misses++;
    sum += h->v;
  }
  if (sum < 0) { char scratch[4] = "neg"; printf("%s\n", scratch); }
  return sum * 1000 + stats.hits * 10 + stats.misses + (long)sizeof scratch + (self != 0);
}
static int evens_seen(void);
static int count(h)
  struct node *h;
{
  static int walks;
  int k = 0;
  walks++;
  for (; h; h = h->next) k++;
  return k * 1000 + walks;
}
static int evens_seen(void) { return 0; }
static void drop(struct node *h) { while (h) { struct node *n = h->next; free(h); h = n; } }
static int three(void) { int seen = 3; return seen; }
int main(void) {
  struct node *a = NULL, *b = NULL;
  for (int i = 0; i < 6; i++) { a = push(a, i); b = push(b, i); }
  long s = 0;
  for (struct node *p = a; p; p = p->next) s += p->v;
  for (struct node *p = b; p; p = p->next) s += p->v * 100;
  printf("%ld %d %d %s %d\n", s, count(a), count(b), names[three() % 3], evens_seen());
  printf("%ld %ld\n", stats_of(a), stats_of(b));
  b = (struct node *)(unsigned long)b; drop(a); drop(b);
  return 0;
}
