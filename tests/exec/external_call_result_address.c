/* Old C's node duplication, `return (struct node *)memcpy(malloc(sizeof *p), p,
   sizeof *p);`: memcpy returns its first argument, which the rewrite gives it as an
   address (pc_addr of the new node), so what it returns is an address, not an index.
   The analysis' cells say "the new node", and the cast was written `(pc_idx64)memcpy(...)`
   -- an address cast to an index, a crash at the first use. What a function outside
   the program returns is now an address wherever it points (VersionView::rep), and this
   cast vetoes the structure with its location. */
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a pointer that is not a pool index is converted to struct node * at external_call_result_address.c:17:12"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int k; struct node *next; };

static struct node *dup(struct node *p)
{
    return (struct node *)memcpy(malloc(sizeof *p), (char *)p, sizeof *p);
}

int main(void)
{
    struct node *a = malloc(sizeof *a), *b, *c;
    if (!a)
        return 2;
    a->k = 5;
    a->next = 0;
    b = dup(a);
    b->next = a;
    c = dup(b);
    printf("%d %d %d\n", b->k, c->k, c->next == a);
    free(a);
    free(b);
    free(c);
    return 0;
}
