#include <stdio.h>

#include "hooks.h"

/* Defaults that a program may replace by defining them itself. */
__attribute__((weak)) long hook_weight(const struct item *it)
{
    return it->v;
}

__attribute__((weak)) void hook_report(const struct item *list)
{
    long n = 0;
    for (; list; list = list->next)
        n++;
    printf("default report: %ld items\n", n);
}
