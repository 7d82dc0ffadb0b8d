/* A union holding pointers of different types collapses (and so does the object both
   members point to); a union of two pointers of one type does not. */
#include <stdlib.h>

struct a {
    int x;
    struct a *next;
};

struct b {
    double y;
};

union any {
    struct a *pa;
    struct b *pb;
};

union same {
    struct a *first;
    struct a *second;
};

int main(void) {
    union any *u = malloc(sizeof *u); // @u
    u->pa = malloc(sizeof(struct a)); // @ua
    u->pa->x = 1;
    u->pa->next = NULL;
    struct b *bp = u->pb; // @pun
    double y = bp->y; // @ready
    union same s;
    s.first = malloc(sizeof(struct a)); // @sa
    s.first->x = 2;
    s.first->next = NULL;
    struct a *other = s.second;
    return (int)y + other->x;
}
