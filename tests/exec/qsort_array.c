/* Structures passed to libc: an array of structs sorted by qsort and searched by bsearch
   (libc moves the objects and calls back with pointers into them), so it must stay as it
   is. A list in the same function that libc never sees is indexed. */
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": false, "compressed": false, "reason": "qsort"}
// EXPECT: {"type": "struct link", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct rec {
    int key;
    int payload;
};

struct link {
    int key;
    struct link *next;
};

static unsigned long long seed = 64;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static int cmp_rec(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->payload > y->payload) - (x->payload < y->payload);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5000;
    struct rec *arr = malloc((size_t)n * sizeof *arr);
    struct link *keys = NULL;
    for (int i = 0; i < n; i++) {
        arr[i].key = (int)(lcg() % 10000);
        arr[i].payload = i;
        if (i % 10 == 0) {
            struct link *l = malloc(sizeof *l);
            l->key = arr[i].key;
            l->next = keys;
            keys = l;
        }
    }
    qsort(arr, (size_t)n, sizeof(struct rec), cmp_rec);
    unsigned check = 0;
    for (int i = 0; i < n; i++)
        check = check * 31u + (unsigned)arr[i].key + (unsigned)arr[i].payload;
    int found = 0;
    long pos = 0;
    for (struct link *l = keys; l; l = l->next) {
        struct rec probe = {l->key, 0};
        for (; probe.payload < n; probe.payload++) {
            struct rec *hit = bsearch(&probe, arr, (size_t)n, sizeof *arr, cmp_rec);
            if (hit) {
                found++;
                pos += hit - arr;
                break;
            }
        }
    }
    printf("n=%d min=%d max=%d check=%u found=%d pos=%ld\n", n, arr[0].key, arr[n - 1].key,
           check, found, pos);
    while (keys) {
        struct link *next = keys->next;
        free(keys);
        keys = next;
    }
    free(arr);
    return 0;
}
