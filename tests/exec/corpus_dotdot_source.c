/* An input named with ".." in its path (`ptrcomp main.c ../lib/util.c`, as klib's
   test/Makefile names ../kmath.c, ../kstring.c, ../kthread.c) whose unit defines a static
   function: ptrcomp stops with "'util.c': 'f' (test/../util.c:N:M) is not what was
   summarized: the file changed since; summarize it again" and writes nothing. The same
   file named without ".." is transformed. Here the second input is the helper header,
   named "../exec/corpus_dotdot_source.h"; its static inline kv_hash is the function.
   Ideal: the hash chains are compressed and the program behaves the same. */
// PTRCOMP-ARGS: ../exec/corpus_dotdot_source.h
// EXPECT: {"type": "struct kv", "owner": "main", "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include "corpus_dotdot_source.h"

static struct kv *bump(struct kv **table, int key) {
    struct kv **slot = &table[kv_hash(key) % KV_BUCKETS];
    for (struct kv *p = *slot; p; p = p->next)
        if (p->key == key) {
            p->count++;
            return p;
        }
    struct kv *n = malloc(sizeof *n);
    if (!n)
        abort();
    n->key = key;
    n->count = 1;
    n->next = *slot;
    *slot = n;
    return n;
}

int main(void) {
    struct kv *table[KV_BUCKETS] = {0};
    unsigned seed = 7;
    for (int i = 0; i < 500; i++) {
        seed = seed * 1103515245u + 12345u;
        bump(table, (int)(seed >> 16) % 97);
    }
    long weighted = 0;
    int distinct = 0;
    for (int b = 0; b < KV_BUCKETS; b++)
        for (struct kv *p = table[b]; p; p = p->next) {
            distinct++;
            weighted += (long)p->key * p->count;
        }
    printf("distinct %d weighted %ld\n", distinct, weighted);
    for (int b = 0; b < KV_BUCKETS; b++)
        while (table[b]) {
            struct kv *next = table[b]->next;
            free(table[b]);
            table[b] = next;
        }
    return 0;
}
