/* The library unit of corpus_dotdot: the static function is what ptrcomp trips on when
   this file is named "../kv.c" (as klib's test/Makefile names ../kmath.c). */
#include <stdlib.h>
#include "kv.h"

static unsigned kv_hash(int key) {
    return ((unsigned)key * 2654435761u) >> 28;
}

struct kv *kv_bump(struct kv **table, int key) {
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

void kv_clear(struct kv **table) {
    for (int b = 0; b < KV_BUCKETS; b++)
        while (table[b]) {
            struct kv *next = table[b]->next;
            free(table[b]);
            table[b] = next;
        }
}
