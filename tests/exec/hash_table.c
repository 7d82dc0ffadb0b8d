/* Chained hash table whose buckets are a heap array of entry pointers, grown by rehashing
   into a new bucket array returned by a function. The entries are indexed and the bucket
   arrays hold indices (rehash's version returns pc_idx32 *). */
// EXPECT: {"type": "struct entry", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct entry {
    unsigned key;
    int value;
    struct entry *next;
};

static unsigned long long seed = 77;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static unsigned hash(unsigned k) {
    k ^= k >> 16;
    k *= 0x45d9f3bu;
    k ^= k >> 16;
    return k;
}

static struct entry **rehash(struct entry **old, unsigned oldn, unsigned newn) {
    struct entry **b = calloc(newn, sizeof(struct entry *));
    for (unsigned i = 0; i < oldn; i++) {
        struct entry *e = old[i];
        while (e) {
            struct entry *next = e->next;
            unsigned h = hash(e->key) % newn;
            e->next = b[h];
            b[h] = e;
            e = next;
        }
    }
    free(old);
    return b;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4000;
    unsigned nb = 8, count = 0;
    struct entry **buckets = calloc(nb, sizeof(struct entry *));
    for (int i = 0; i < n; i++) {
        unsigned k = lcg() % 5000u;
        unsigned h = hash(k) % nb;
        struct entry *e = buckets[h];
        while (e && e->key != k)
            e = e->next;
        if (e) {
            e->value++;
            continue;
        }
        e = malloc(sizeof *e);
        e->key = k;
        e->value = 1;
        e->next = buckets[h];
        buckets[h] = e;
        if (++count > 2 * nb) {
            buckets = rehash(buckets, nb, nb * 2);
            nb *= 2;
        }
    }
    unsigned longest = 0, sum = 0;
    for (unsigned i = 0; i < nb; i++) {
        unsigned len = 0;
        for (struct entry *e = buckets[i]; e; e = e->next) {
            len++;
            sum += e->key * (unsigned)e->value;
        }
        if (len > longest)
            longest = len;
    }
    unsigned removed = 0;
    for (unsigned k = 0; k < 5000u; k += 3) {
        unsigned h = hash(k) % nb;
        struct entry *prev = NULL;
        for (struct entry *e = buckets[h]; e; prev = e, e = e->next)
            if (e->key == k) {
                if (prev)
                    prev->next = e->next;
                else
                    buckets[h] = e->next;
                free(e);
                removed++;
                break;
            }
    }
    printf("buckets=%u count=%u longest=%u sum=%u removed=%u\n", nb, count, longest, sum,
           removed);
    for (unsigned i = 0; i < nb; i++)
        while (buckets[i]) {
            struct entry *e = buckets[i];
            buckets[i] = e->next;
            free(e);
        }
    free(buckets);
    return 0;
}
