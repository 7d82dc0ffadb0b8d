/* A pointer cast to an integer in a program that also casts an integer back to a pointer:
   the address may come back as a pointer ptrcomp cannot follow, so the node is U, with
   the reason at the cast to the integer. */
#include <stdint.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

int main(void) {
    struct node *hashed = malloc(sizeof *hashed); // @hashed
    hashed->v = 1;
    hashed->next = NULL;
    uintptr_t key = (uintptr_t)hashed; // @p2i
    struct node *back = (struct node *)key;
    return back->v;
}
