/* Local arrays: one S node per array, element type and size, A flag. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

int main(void) {
    struct node *heads[4];
    int counts[4];
    for (int i = 0; i < 4; i++) {
        heads[i] = malloc(sizeof *heads[i]); // @h
        heads[i]->v = i;
        heads[i]->next = NULL;
        counts[i] = i;
    }
    struct node *second = heads[1];
    int *c2 = &counts[2];
    return second->v + *c2;
}
