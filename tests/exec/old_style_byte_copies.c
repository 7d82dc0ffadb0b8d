/* Old C's byte copies of whole nodes, their pointers cast to `char *`: `bcopy((char *)p,
   (char *)c, sizeof(struct node))`, `memcpy((char *)c, (char *)p, sizeof *p)` and
   `bzero((char *)n, sizeof(struct node))`. A count of whole structs covers the struct
   the cast's operand points to (ByteCountCall.h, byteCountedStorage), so the counts are
   respelled for the new layout and the list is compressed. bcopy (source first) is in the
   C library model. Before, each cast said "bytes" and collapsed the node. */
// CFLAGS: -std=gnu89
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct node {
    int key;
    long w;
    struct node *next;
};

int main()
{
    struct node *h = NULL, *p, *c, *copy = NULL, *twin = NULL;
    int i;
    long s = 0;
    for (i = 0; i < 8; i++) {
        p = (struct node *)malloc(sizeof(struct node));
        if (p == NULL)
            return 2;
        bzero((char *)p, sizeof(struct node));
        p->key = i;
        p->w = i * 10L;
        p->next = h;
        h = p;
    }
    for (p = h; p; p = p->next) {
        c = (struct node *)malloc(sizeof(struct node));
        if (c == NULL)
            return 2;
        bcopy((char *)p, (char *)c, sizeof(struct node));
        c->next = copy;
        copy = c;
        c = (struct node *)malloc(sizeof(struct node));
        if (c == NULL)
            return 2;
        memcpy((char *)c, (char *)p, sizeof *p);
        c->w += 1;
        c->next = twin;
        twin = c;
    }
    for (p = copy; p; p = p->next)
        s = s * 3 + p->key + p->w;
    for (p = twin; p; p = p->next)
        s = s * 5 + p->key + p->w;
    printf("%ld\n", s);
    while (h) {
        p = h->next;
        free((char *)h);
        h = p;
    }
    while (copy) {
        p = copy->next;
        free((char *)copy);
        copy = p;
    }
    while (twin) {
        p = twin->next;
        free((char *)twin);
        twin = p;
    }
    return 0;
}
