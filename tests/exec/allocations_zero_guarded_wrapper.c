/* rules/Allocations.h: an allocation wrapper that guards against a zero size,
   `malloc(size ? size : 1)` (and `calloc(n == 0 ? 1 : n, size)`), as many old programs
   do. Its versions for pools receive a number of objects, and the guard keeps its
   meaning: at least one object. Both lists are compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct pair", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
struct pair { int a, b; struct pair *link; };
static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) { fputs("out of memory\n", stderr); exit(2); }
    return p;
}
static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n == 0 ? 1 : n, size);
    if (!p) { fputs("out of memory\n", stderr); exit(2); }
    return p;
}
int main(void)
{
    struct node *h = NULL, *n;
    struct pair *ps = NULL, *q;
    int i, s = 0;
    for (i = 0; i < 10; i++) { n = xmalloc(sizeof *n); n->v = i; n->next = h; h = n; }
    for (i = 0; i < 4; i++) { q = xcalloc(1, sizeof *q); q->a = i; q->b = q->a * 2 + (q->link == NULL); q->link = ps; ps = q; }
    for (n = h; n; n = n->next) s = s * 3 + n->v;
    for (q = ps; q; q = q->link) s += q->a * q->b;
    printf("%d\n", s);
    while (h) { n = h->next; free(h); h = n; }
    while (ps) { q = ps->link; free(ps); ps = q; }
    return 0;
}
