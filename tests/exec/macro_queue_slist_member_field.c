/* <sys/queue.h> SLIST whose link sits in a named struct embedded in the node
   (`struct item { ...; struct hdr h; ... }` with SLIST_ENTRY inside struct hdr), so
   the macros name the field as a path (`SLIST_INSERT_HEAD(&items, it, h.link)`); the
   head is a global initialised with SLIST_HEAD_INITIALIZER. Items are removed from the
   middle by relinking with SLIST_NEXT as an lvalue. The embedded struct gets a layout
   of its own inside the node's. */
// EXPECT: {"type": "struct item", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct hdr {
    short kind;
    SLIST_ENTRY(item) link;
};

struct item {
    long key;
    struct hdr h;
    double weight;
};

SLIST_HEAD(itemlist, item);

static struct itemlist items = SLIST_HEAD_INITIALIZER(items);

static void add(long key)
{
    struct item *it = malloc(sizeof *it);
    if (it == NULL)
        exit(2);
    it->key = key;
    it->h.kind = (short)(key % 4);
    it->weight = key * 0.25;
    SLIST_INSERT_HEAD(&items, it, h.link);
}

static int drop_kind(short kind)
{
    int dropped = 0;
    struct item *it = SLIST_FIRST(&items), *prev = NULL;
    while (it != NULL) {
        struct item *next = SLIST_NEXT(it, h.link);
        if (it->h.kind == kind) {
            if (prev != NULL)
                SLIST_NEXT(prev, h.link) = next;
            else
                SLIST_FIRST(&items) = next;
            free(it);
            dropped++;
        } else {
            prev = it;
        }
        it = next;
    }
    return dropped;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300;
    for (int i = 0; i < n; i++)
        add(i * 3L + 1);
    int dropped = drop_kind(0) + drop_kind(3);
    long keys = 0;
    double weight = 0;
    int left = 0;
    struct item *it;
    SLIST_FOREACH(it, &items, h.link) {
        keys += it->key;
        weight += it->weight;
        left++;
    }
    printf("dropped=%d left=%d keys=%ld weight=%.2f\n", dropped, left, keys, weight);
    while (!SLIST_EMPTY(&items)) {
        it = SLIST_FIRST(&items);
        SLIST_REMOVE_HEAD(&items, h.link);
        free(it);
    }
    return 0;
}
