/* A static (not inline) function in a header that two files include. main.c calls it only
   on its pooled list (it needs only the clone), b.c also on a list of nodes on its stack
   (it needs the original too): the header must get the clone once, keep the original,
   and not leave the original unused where main.c sees it. */
#ifndef COUNT_H
#define COUNT_H

#include "node.h"

static int count_big(const struct node *l, int min) {
    int c = 0;
    for (; l; l = l->next)
        if (l->v >= min)
            c++;
    return c;
}

#endif
