#include <stdio.h>
#include "tally.h"
long side_total(void);
static struct item *prepend(struct item *next, int weight) {
    struct item *it = malloc(sizeof *it);
    it->weight = weight;
    it->next = next;
    return it;
}
static void release(struct item *it) {
    while (it) {
        struct item *next = it->next;
        free(it);
        it = next;
    }
}
int main(void) {
    struct item *light = NULL, *heavy = NULL;
    for (int i = 0; i < 6; i++) {
        light = prepend(light, i);
        heavy = prepend(heavy, 10 * i);
    }
    printf("%ld %ld %ld\n", tally(light, 1), tally(heavy, 3), side_total());
    /* an address made from an integer: this list stays as it is */
    heavy = (struct item *)(unsigned long)heavy;
    release(light);
    release(heavy);
    return 0;
}
