#define LIST_IMPL
#include "list.h"

long list_count(const struct node *h)
{
    long c = 0;
    for (; h; h = h->next)
        c++;
    return c;
}
