/* A pointer cast to an integer (hashing an address) in a program that never casts an
   integer back to a pointer: one-way, so the node stays typed and gets no U. */
#include <stdint.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

int main(void) {
    struct node *hashed = malloc(sizeof *hashed); // @hashed
    struct node *plain = malloc(sizeof *plain); // @plain
    hashed->v = 1;
    hashed->next = NULL;
    plain->v = 2;
    plain->next = NULL;
    uintptr_t key = (uintptr_t)hashed; // @p2i
    return (int)(key % 7u) + plain->v;
}
