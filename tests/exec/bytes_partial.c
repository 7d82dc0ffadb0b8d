/* Byte counts that are not whole nodes: the first 8 bytes only, a count in a variable,
   and memset through a char pointer. The compressed layout would move or shrink what
   these bytes mean, so the structures stay as they were, with the location. */
// ARGS: 100
// EXPECT: {"type": "struct rec", "owner": "main", "compressed": false, "reason": "accessed as char at bytes_partial.c:27:9"}
// EXPECT: {"type": "struct item", "owner": "main", "compressed": false, "reason": "accessed as char at bytes_partial.c:38:9"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
    long tag;
    struct rec *next;
};

struct item {
    int v;
    struct item *link;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct rec *head = NULL;
    for (int i = 0; i < n; i++) {
        struct rec *r = malloc(sizeof *r);
        r->next = head;
        memset(r, 0xff, 8);               /* the tag only */
        head = r;
    }
    long s = 0;
    for (struct rec *r = head; r; r = r->next)
        s += r->tag;
    size_t bytes = sizeof(struct item);
    struct item *items = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        char *raw = (char *)it;
        memset(raw, 0, bytes);
        it->v = i;
        it->link = items;
        items = it;
    }
    for (struct item *it = items; it; it = it->link)
        s += it->v;
    printf("%ld\n", s);
    while (head) {
        struct rec *next = head->next;
        free(head);
        head = next;
    }
    while (items) {
        struct item *next = items->link;
        free(items);
        items = next;
    }
    return 0;
}
