/* <sys/queue.h> SLIST whose heads are local variables of main (SLIST_INIT), passed by
   address to functions that fill, walk and empty them: two lists built by the same
   functions (so from one allocation site: one pool for both), the system macros expanded
   at their uses. */
// EXPECT: {"type": "struct entry", "owner": "main", "indexed": true, "compressed": true, "pool": "P_entry", "note": "one pool for 2 structures"}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct entry {
    unsigned key;
    SLIST_ENTRY(entry) next;
};

SLIST_HEAD(elist, entry);

static void fill(struct elist *l, unsigned n, unsigned salt)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        struct entry *e = malloc(sizeof *e);
        if (e == NULL)
            exit(2);
        e->key = i * 2654435761u ^ salt;
        SLIST_INSERT_HEAD(l, e, next);
    }
}

static unsigned hash(const struct elist *l)
{
    const struct entry *e;
    unsigned h = 7u;
    SLIST_FOREACH(e, l, next)
        h = (h ^ e->key) * 16777619u;
    return h;
}

static void keep_odd(struct elist *l)
{
    struct entry *e = SLIST_FIRST(l);
    while (e != NULL && SLIST_NEXT(e, next) != NULL) {
        struct entry *dead = SLIST_NEXT(e, next);
        if (dead->key % 2u == 0u) {
            SLIST_NEXT(e, next) = SLIST_NEXT(dead, next);
            free(dead);
        } else {
            e = dead;
        }
    }
}

static void empty(struct elist *l)
{
    while (!SLIST_EMPTY(l)) {
        struct entry *e = SLIST_FIRST(l);
        SLIST_REMOVE_HEAD(l, next);
        free(e);
    }
}

int main(void)
{
    struct elist a, b;
    SLIST_INIT(&a);
    SLIST_INIT(&b);
    fill(&a, 700, 1u);
    fill(&b, 300, 99u);
    printf("%u %u\n", hash(&a), hash(&b));
    keep_odd(&a);
    printf("%u %u\n", hash(&a), hash(&b));
    empty(&a);
    empty(&b);
    printf("%d %d\n", SLIST_EMPTY(&a), SLIST_EMPTY(&b));
    return 0;
}
