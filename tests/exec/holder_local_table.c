/* A hash table kept in a struct-typed local: its bucket array is a member
   (`struct entry *buckets[16]`), cleared by the initializer `{{0}, 0}`. The local becomes
   a `struct table_pc32` whose buckets are indices. */
// EXPECT: {"type": "struct entry", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

#define NBUCKETS 16

struct entry {
    int key;
    long val;
    struct entry *next;
};

struct table {
    struct entry *buckets[NBUCKETS];
    unsigned count;
};

static void put(struct table *t, int key, long val)
{
    unsigned h = (unsigned)key * 2654435761u % NBUCKETS;
    for (struct entry *e = t->buckets[h]; e; e = e->next)
        if (e->key == key) {
            e->val += val;
            return;
        }
    struct entry *e = malloc(sizeof *e);
    e->key = key;
    e->val = val;
    e->next = t->buckets[h];
    t->buckets[h] = e;
    t->count++;
}

static long get(const struct table *t, int key)
{
    for (const struct entry *e = t->buckets[(unsigned)key * 2654435761u % NBUCKETS]; e;
         e = e->next)
        if (e->key == key)
            return e->val;
    return -1;
}

int main(void)
{
    struct table t = {{0}, 0};
    for (int i = 0; i < 500; i++)
        put(&t, i * 7 % 61, i);
    long s = 0;
    for (unsigned b = 0; b < NBUCKETS; b++)
        for (struct entry *e = t.buckets[b]; e; e = e->next)
            s += e->key * e->val;
    printf("%u %ld %ld %ld\n", t.count, s, get(&t, 5), get(&t, 99));
    for (unsigned b = 0; b < NBUCKETS; b++) {
        struct entry *e = t.buckets[b];
        while (e) {
            struct entry *n = e->next;
            free(e);
            e = n;
        }
    }
    return 0;
}
