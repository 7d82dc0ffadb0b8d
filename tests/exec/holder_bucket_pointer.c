/* A hash table in a struct-typed local whose bucket array is allocated separately
   (`t.buckets = calloc(size, sizeof(struct entry *))`): the array becomes an array of
   indices, the local a `struct table_pc32` with a `pc_idx32 *buckets`. */
// EXPECT: {"type": "struct entry", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct entry {
    int key;
    long val;
    struct entry *next;
};

struct table {
    struct entry **buckets;
    unsigned size, count;
};

static void put(struct table *t, int key, long val)
{
    unsigned h = (unsigned)key * 2654435761u % t->size;
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

int main(void)
{
    struct table t;
    t.size = 31;
    t.count = 0;
    t.buckets = calloc(t.size, sizeof(struct entry *));
    for (int i = 0; i < 400; i++)
        put(&t, i % 97, i);
    long s = 0;
    for (unsigned b = 0; b < t.size; b++)
        for (struct entry *e = t.buckets[b]; e; e = e->next)
            s += e->key * e->val;
    printf("%u %ld\n", t.count, s);
    for (unsigned b = 0; b < t.size; b++) {
        struct entry *e = t.buckets[b];
        while (e) {
            struct entry *n = e->next;
            free(e);
            e = n;
        }
    }
    free(t.buckets);
    return 0;
}
