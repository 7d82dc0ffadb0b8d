#include "lru.h"

#include <stdio.h>
#include <stdlib.h>

static long lookups, misses;

static long get(int key) {
    lookups++;
    struct entry *e = lru_find(key);
    if (!e) {
        misses++;
        if (lru_count == 8)
            lru_drop_oldest();
        e = malloc(sizeof *e);
        if (!e)
            exit(2);
        e->key = key;
        e->value = (long)key * key;
        e->newer = e->older = e; /* unlinked: lru_touch links it */
        e->newer = &lru;
        e->older = lru.older;
        lru.older->newer = e;
        lru.older = e;
        lru_count++;
    } else {
        lru_touch(e);
    }
    return e->value;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    unsigned x = 12345;
    long sum = 0;
    lru_init();
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        sum += get((int)(x >> 16) % 13);
    }
    printf("sum %ld, %ld lookups, %ld misses, %d entries\n", sum, lookups, misses,
           lru_count);
    printf("newest %d, oldest %d, sentinel key %d\n", lru.older->key, lru.newer->key,
           lru.key);
    while (lru.newer != &lru)
        lru_drop_oldest();
    return lru_count;
}
