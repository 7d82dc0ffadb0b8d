#include <stddef.h>

#include "count.h"

int b_count(const struct node *l) {
    struct node fixed[3];
    fixed[0].v = 9;
    fixed[0].next = &fixed[1];
    fixed[1].v = 2;
    fixed[1].next = &fixed[2];
    fixed[2].v = 7;
    fixed[2].next = NULL;
    return count_big(l, 10) * 100 + count_big(&fixed[0], 5);
}
