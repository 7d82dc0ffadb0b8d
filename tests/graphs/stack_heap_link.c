/* Stack objects linked with heap objects: two nodes while nothing may point to both, one
   S+H node once a walker pointer visits both. */
#include <stdlib.h>

struct list {
    int x;
    struct list *next; /* offset 8 */
};

static int linked_no_walk(void) {
    struct list anchor;
    anchor.x = 0;
    anchor.next = malloc(sizeof *anchor.next); // @a
    anchor.next->x = 1;
    anchor.next->next = &anchor;
    int r = anchor.next->next->x;
    free(anchor.next);
    return r;
}

static int walk_merges(void) {
    struct list sentinel;
    sentinel.x = 0;
    sentinel.next = malloc(sizeof *sentinel.next); // @w
    sentinel.next->x = 1;
    sentinel.next->next = &sentinel;
    int s = 0;
    struct list *cur = &sentinel;
    for (int i = 0; i < 4; i++) {
        s += cur->x;
        cur = cur->next;
    }
    free(sentinel.next);
    return s;
}

int main(void) {
    return linked_no_walk() + walk_merges();
}
