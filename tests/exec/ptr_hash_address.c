/* Node addresses as hash keys (a minimum-spanning-tree-style program): the casts to
   integers are one-way (the program never casts an integer back to a pointer), so the
   vertices are compressed and the casts read their real addresses; a null pointer still
   hashes as 0. The output does not depend on where the objects are. */
// ARGS: 300
// EXPECT: {"type": "struct vertex", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct vertex {
    int id;
    int dist;
    struct vertex *next;
};

struct slot {
    struct vertex *key;
    int value;
    struct slot *chain;
};

#define NBUCKETS 64

static unsigned bucket_of(const struct vertex *v) {
    return (unsigned)(((uintptr_t)v >> 4) % NBUCKETS);
}

static struct slot *table[NBUCKETS];

static void put(struct vertex *v, int value) {
    struct slot *s = malloc(sizeof *s);
    s->key = v;
    s->value = value;
    s->chain = table[bucket_of(v)];
    table[bucket_of(v)] = s;
}

static int get(const struct vertex *v) {
    for (struct slot *s = table[bucket_of(v)]; s; s = s->chain)
        if ((uintptr_t)s->key == (uintptr_t)v)
            return s->value;
    return -1;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 50;
    struct vertex *all = NULL;
    for (int i = 0; i < n; i++) {
        struct vertex *v = malloc(sizeof *v);
        v->id = i;
        v->dist = (i * 37) % 101;
        v->next = all;
        all = v;
    }
    for (struct vertex *v = all; v; v = v->next)
        put(v, v->dist * 2 + 1);
    long sum = 0;
    int ordered = 1;
    for (struct vertex *v = all; v && v->next; v = v->next)
        ordered &= (uintptr_t)v != (uintptr_t)v->next;
    for (struct vertex *v = all; v; v = v->next)
        sum += get(v);
    struct vertex *none = NULL;
    printf("%ld %d %lu\n", sum, ordered, (unsigned long)(uintptr_t)none);
    for (int b = 0; b < NBUCKETS; b++)
        while (table[b]) {
            struct slot *s = table[b]->chain;
            free(table[b]);
            table[b] = s;
        }
    while (all) {
        struct vertex *nx = all->next;
        free(all);
        all = nx;
    }
    return 0;
}
