/* Distances in bytes between members of one node, and from a member to the node's
   start, through integer casts and through char pointers. The members around them are
   chars, so no access is inconsistent with the struct's type, yet any new layout (a
   4-byte index for `next`, or members declared by alignment) would change what is
   printed: the node keeps its layout. Its objects are also allocated as an array whose
   addresses become integers, which a pool could not space and align as malloc does, so
   the structure stays as it is. */
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "its objects are allocated as arrays and the program relies on their addresses (converted to an integer at member_distance.c:30:26): a pool would change their alignment or their spacing"}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    char c;
    struct node *next;
    int v;
    char d;
};

int main(void) {
    struct node *head = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        n->c = (char)('a' + i);
        n->d = (char)('A' + i);
        n->v = i * i;
        n->next = head;
        head = n;
    }
    printf("%d\n", (int)((uintptr_t)&head->d - (uintptr_t)head));
    printf("%d\n", (int)(&head->d - &head->c));
    int s = 0;
    while (head) {
        struct node *x = head->next;
        s += head->v + head->c + head->d;
        free(head);
        head = x;
    }
    printf("%d\n", s);
    return 0;
}
