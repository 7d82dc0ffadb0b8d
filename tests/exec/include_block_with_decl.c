/* The last #include shares a conditional block with the first declaration, so no spot
   after that block comes before the declarations: the runtime's #include goes before the
   #if, at file scope. The include guard around the whole file does not count as a block. */
// ARGS: 400
// EXPECT: {"type": "struct link", "owner": "main", "indexed": true, "compressed": true}
#ifndef INCLUDE_BLOCK_WITH_DECL_C
#define INCLUDE_BLOCK_WITH_DECL_C
#include <stdio.h>
#if !defined(NO_STDLIB)
#include <stdlib.h>
typedef unsigned long counter_t;
#endif

struct link {
    counter_t n;
    struct link *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct link *l = NULL;
    for (int i = 0; i < n; i++) {
        struct link *k = malloc(sizeof(struct link));
        k->n = (counter_t)i * 3u;
        k->next = l;
        l = k;
    }
    counter_t total = 0;
    for (struct link *p = l; p; p = p->next)
        total += p->n;
    while (l) {
        struct link *next = l->next;
        free(l);
        l = next;
    }
    printf("%lu\n", total);
    return 0;
}
#endif
