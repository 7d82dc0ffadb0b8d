#include <stdio.h>
#include "list.h"
#include "table.h"

int main(void)
{
    struct cell *list = NULL;
    for (int i = 0; i < 100; i++)
        list = push(list, i);
    printf("sum %ld weighted %ld\n", sum(list), WEIGHT * sum(list));
    release(list);
    return 0;
}
