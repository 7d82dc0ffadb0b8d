/* corpus_dotdot: counts pseudo-random keys in kv.c's table and prints a checksum. */
#include <stdio.h>
#include "kv.h"

int main(void) {
    struct kv *table[KV_BUCKETS] = {0};
    unsigned seed = 7;
    for (int i = 0; i < 500; i++) {
        seed = seed * 1103515245u + 12345u;
        kv_bump(table, (int)(seed >> 16) % 97);
    }
    long weighted = 0;
    int distinct = 0;
    for (int b = 0; b < KV_BUCKETS; b++)
        for (struct kv *p = table[b]; p; p = p->next) {
            distinct++;
            weighted += (long)p->key * p->count;
        }
    printf("distinct %d weighted %ld\n", distinct, weighted);
    kv_clear(table);
    return 0;
}
