/* A global pointer to a global holder whose layout changes (`static struct buf *cur =
   &used;`, a "current queue" in the style of old C): it points to the new layout,
   `static struct buf_pc32 *cur = &used;`, its initialiser kept. Before, it kept its
   type, the code writing indices through it did not compile, and the self-check left
   the queue unchanged. */
// EXPECT: {"type": "struct item", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int v;
    struct item *next;
};
static struct buf {
    struct item *first, *last;
} used = {NULL, 0};
static struct buf spare;
static struct buf *cur = &used;

static void put(int v)
{
    struct item *it = malloc(sizeof *it);
    if (!it)
        exit(2);
    it->v = v;
    it->next = NULL;
    if (cur->last)
        cur->last->next = it;
    else
        cur->first = it;
    cur->last = it;
}

int main(void)
{
    int i;
    struct item *p;
    for (i = 0; i < 5; i++)
        put(i * i);
    cur = &spare;
    for (i = 0; i < 3; i++)
        put(-i);
    for (p = used.first; p; p = p->next)
        printf("%d ", p->v);
    for (p = spare.first; p; p = p->next)
        printf("%d ", p->v);
    printf("\n%d %zu\n", used.last->v, sizeof used);
    for (cur = &used; cur; cur = cur == &used ? &spare : NULL)
        while (cur->first) {
            p = cur->first->next;
            free(cur->first);
            cur->first = p;
        }
    return 0;
}
