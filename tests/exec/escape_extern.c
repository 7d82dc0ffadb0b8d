/* A structure that escapes to a function ptrcomp knows nothing about: an array of records
   searched with lfind (<search.h>, not in ptrcomp's libc model), which receives the array
   and calls back into the program. It must stay as it is; a list in the same function
   that lfind never sees is indexed. */
// EXPECT: {"type": "struct kv", "owner": "main", "indexed": false, "compressed": false, "reason": "lfind"}
// EXPECT: {"type": "struct chain", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <search.h>
#include <stdio.h>
#include <stdlib.h>

struct kv {
    int key;
    int value;
};

struct chain {
    int key;
    struct chain *next;
};

static unsigned long long seed = 11;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static int same_key(const void *a, const void *b) {
    const struct kv *x = a, *y = b;
    return x->key != y->key;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 400;
    size_t len = (size_t)n;
    struct kv *table = calloc(len, sizeof(struct kv));
    struct chain *queries = NULL;
    for (int i = 0; i < n; i++) {
        table[i].key = (int)(lcg() % 2000);
        table[i].value = i;
        struct chain *c = malloc(sizeof(struct chain));
        c->key = (int)(lcg() % 2000);
        c->next = queries;
        queries = c;
    }
    int hits = 0;
    long values = 0;
    for (struct chain *c = queries; c; c = c->next) {
        struct kv probe = {c->key, 0};
        struct kv *hit = lfind(&probe, table, &len, sizeof(struct kv), same_key);
        if (hit) {
            hits++;
            values += hit->value;
        }
    }
    printf("n=%d hits=%d values=%ld\n", n, hits, values);
    while (queries) {
        struct chain *next = queries->next;
        free(queries);
        queries = next;
    }
    free(table);
    return 0;
}
