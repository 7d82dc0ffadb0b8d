/* A hash table kept in a struct-typed local, initialised in its declaration with its
   bucket array: `struct table t = { calloc(16, sizeof(struct entry *)), 16, 0 };`. The
   local becomes a `struct table_pc32`, the initializer is written again for it (the bucket
   array holds indices: `calloc(16, sizeof(pc_idx32))`), and the entries are compressed. */
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
    struct table t = { calloc(16, sizeof(struct entry *)), 16, 0 };
    struct entry *first = NULL;
    for (int i = 0; i < 300; i++)
        put(&t, i * 11 % 53, i);
    for (unsigned b = 0; b < t.size && !first; b++)
        first = t.buckets[b];
    struct table probe = { t.buckets, t.size, 0 };
    long s = 0;
    for (unsigned b = 0; b < probe.size; b++)
        for (struct entry *e = probe.buckets[b]; e; e = e->next)
            s += e->key * e->val;
    printf("%u %ld %d\n", t.count, s, first ? first->key : -1);
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
