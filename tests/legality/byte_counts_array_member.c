// ByteCounts rule (tool/rules/ByteCounts.h): "clear everything after the id" through
// the name member, which decays to a char pointer: `memset(n->name, 0, sizeof(struct
// node) - sizeof(long))`. The count is the original struct's tail (24 bytes); in the
// new layout (32 -> 24 bytes) it would clear 8 bytes of the next node. A count within
// the member (`sizeof n->name`) would be allowed.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a byte count through a pointer into a 'struct node' object, whose layout changes, that may reach past the member it points to at byte_counts_array_member.c:13:5"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct node { long id; char name[8]; struct node *next; struct node *prev; };
static void init(struct node *n, long id) {
    n->id = id;
    memset(n->name, 0, sizeof(struct node) - sizeof(long));
    n->name[0] = (char)('a' + id % 26);
}
int main(void) {
    struct node *arr[40];
    for (int i = 0; i < 40; i++) {
        arr[i] = malloc(sizeof *arr[i]);
        if (!arr[i])
            return 1;
    }
    for (int i = 39; i >= 0; i--)
        init(arr[i], i);
    struct node *h = NULL;
    for (int i = 0; i < 40; i++) {
        arr[i]->next = h;
        if (h)
            h->prev = arr[i];
        h = arr[i];
    }
    long s = 0;
    for (struct node *p = h; p; p = p->next)
        s += p->id * 7 + p->name[0];
    printf("%ld\n", s);
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
