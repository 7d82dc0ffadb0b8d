/* A checking wrapper around an allocation hook, as libraries write xmalloc on top of a
   replaceable dict_malloc_func: the wrapper's version for the pool receives a number of
   objects (its callers pass 1 for sizeof(struct item)) and allocates them through the
   pool, since the hook only ever holds malloc. */
// ARGS: 2000
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "clones": ["xmalloc_pc32"], "hooks": [{"hook": "dict_free_func", "targets": ["free"], "decision": "pool free"}, {"hook": "dict_malloc_func", "targets": ["malloc"], "decision": "pool allocation"}]}
#include <stdio.h>
#include <stdlib.h>

void *(*dict_malloc_func)(size_t) = malloc;
void (*dict_free_func)(void *) = free;

static void *xmalloc(size_t size) {
    void *p = dict_malloc_func(size);
    if (!p) {
        fputs("out of memory\n", stderr);
        exit(1);
    }
    return p;
}

struct item {
    unsigned hash;
    struct item *next;
    double weight;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct item *items = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = xmalloc(sizeof(struct item));
        it->hash = (unsigned)i * 2654435761u;
        it->weight = i / 3.0;
        it->next = items;
        items = it;
    }
    double w = 0;
    unsigned h = 0;
    for (struct item *it = items; it; it = it->next) {
        w += it->weight;
        h ^= it->hash;
    }
    printf("w=%.2f h=%u\n", w, h);
    while (items) {
        struct item *next = items->next;
        dict_free_func(items);
        items = next;
    }
    return 0;
}
