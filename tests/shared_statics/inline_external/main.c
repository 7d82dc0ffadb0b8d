#include <stdio.h>
#include "pool.h"
void release(struct cell *c);
int main(void) {
    struct cell *kept = NULL, *other = NULL;
    for (int i = 0; i < 7; i++) {
        kept = cons(i, kept);
        other = cons(i + 1, other);
    }
    long sum = 0;
    for (struct cell *c = kept; c; c = c->next)
        sum += c->value;
    for (struct cell *c = other; c; c = c->next)
        sum += 100 * c->value;
    printf("%ld\n", sum);
    /* an address made from an integer: this list stays as it is */
    other = (struct cell *)(unsigned long)other;
    release(kept);
    release(other);
    return 0;
}
