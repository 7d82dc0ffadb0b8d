/* Hash table whose bucket array is an array of structs (one list head and a count per
   bucket), calloc'd and replaced by a bigger one on rehash. Both the bucket array and the
   entries are heap structures of the table's owner, so both can be indexed. */
// EXPECT: {"type": "struct item", "owner": "count_words", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct bucket", "owner": "count_words", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct item {
    unsigned key;
    unsigned hits;
    struct item *next;
};

struct bucket {
    unsigned len;
    struct item *head;
};

static unsigned long long seed = 123;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct bucket *grow(struct bucket *old, unsigned oldn, unsigned newn) {
    struct bucket *nb = calloc(newn, sizeof(struct bucket));
    for (unsigned i = 0; i < oldn; i++) {
        struct item *it = old[i].head;
        while (it) {
            struct item *next = it->next;
            struct bucket *b = &nb[(it->key * 2654435761u) % newn];
            it->next = b->head;
            b->head = it;
            b->len++;
            it = next;
        }
    }
    free(old);
    return nb;
}

static unsigned count_words(int n, unsigned range) {
    unsigned nbuckets = 4, count = 0;
    struct bucket *tab = calloc(nbuckets, sizeof *tab);
    for (int i = 0; i < n; i++) {
        unsigned k = lcg() % range;
        struct bucket *b = tab + (k * 2654435761u) % nbuckets;
        struct item *it;
        for (it = b->head; it; it = it->next)
            if (it->key == k)
                break;
        if (it) {
            it->hits++;
            continue;
        }
        it = malloc(sizeof(struct item));
        it->key = k;
        it->hits = 1;
        it->next = b->head;
        b->head = it;
        b->len++;
        if (++count > 3 * nbuckets) {
            tab = grow(tab, nbuckets, nbuckets * 4);
            nbuckets *= 4;
        }
    }
    unsigned maxlen = 0, check = 0;
    for (unsigned i = 0; i < nbuckets; i++) {
        if (tab[i].len > maxlen)
            maxlen = tab[i].len;
        for (struct item *it = tab[i].head; it; it = it->next)
            check = check * 7u + it->key * it->hits;
    }
    printf("range=%u buckets=%u distinct=%u maxlen=%u check=%u\n", range, nbuckets, count,
           maxlen, check);
    for (unsigned i = 0; i < nbuckets; i++) {
        struct item *it = tab[i].head;
        while (it) {
            struct item *next = it->next;
            free(it);
            it = next;
        }
    }
    free(tab);
    return check;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    unsigned a = count_words(n, 1000);
    unsigned b = count_words(n, 100000);
    printf("%u\n", a ^ b);
    return 0;
}
