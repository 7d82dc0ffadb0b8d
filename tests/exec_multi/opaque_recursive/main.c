/* A recursive driver owns one list per activation but cannot see the struct (it is
   defined in list.c of tests/exec_multi/opaque_list): one pool shared by every
   activation would be a static object sized in this file, which an opaque struct
   cannot give, so the lists stay unchanged (legality rule OpaquePoolOwner). */
#include <stdio.h>
#include <stdlib.h>

#include "list.h"

static int level(int depth) {
    struct entry *l = NULL;
    for (int i = 0; i < 3; i++)
        l = list_push(l, depth * 3 + i);
    int s = list_sum(l);
    if (depth > 0)
        s += level(depth - 1);
    list_free(l);
    return s;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    printf("%d\n", level(n));
    return 0;
}
