/* linked generator, seed 5108 of `--seed 5000 --count 300` (variant --index-bits=16),
   compile-veto, reduced by hand: functions named in a static dispatch table
   (`static const struct ops table = { build, destroy };`) whose clones take their
   places in 16-bit mode, so the table names functions the output no longer has; the
   self-check leaves the list unchanged (safe, but a structure lost). With 32-bit indices
   the structure is vetoed by the legality check instead ("returned from a call via a
   function pointer"). Found once self-check vetoes became failures; also in the
   previous stop's build. Fixed: a member of a class of function pointers that stays
   unchanged keeps its original beside its clones (analysis/Plan.cpp makeVersions).
   ptrcomp-options: --index-bits=16 */
#include <stdio.h>
#include <stdlib.h>
struct blk { unsigned key; struct blk *next; };
struct ops { struct blk *(*build)(unsigned); void (*destroy)(struct blk *); };
static struct blk *build(unsigned n);
static void destroy(struct blk *p);
static const struct ops table = { build, destroy };
static void destroy(struct blk *p) { while (p) { struct blk *nx = p->next; free(p); p = nx; } }
static struct blk *build(unsigned n)
{
    struct blk *h = NULL;
    while (n--) { struct blk *b = malloc(sizeof *b); if (!b) exit(2); b->key = n; b->next = h; h = b; }
    return h;
}
static unsigned sum(const struct blk *p) { unsigned s = 0; for (; p; p = p->next) s += p->key; return s; }
int main(void)
{
    struct blk *a = build(10), *b = table.build(5);
    printf("%u %u\n", sum(a), sum(b));
    destroy(a);
    table.destroy(b);
    return 0;
}
