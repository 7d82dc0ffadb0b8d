/* Allocation size spellings: sizeof(struct T), sizeof(T) via typedef, sizeof *p,
   sizeof(*p), n * sizeof(T), sizeof(T) * n, n * sizeof *p, calloc(n, sizeof *p) and
   calloc(1, sizeof(struct T)). The single objects and the blocks are two structures
   of main. */
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

typedef struct rec {
    short tag;
    struct rec *next;
    int weight;
} Rec;

static unsigned long long seed = 21;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct rec *alloc_one(int form) {
    struct rec *p;
    switch (form) {
    case 0: p = malloc(sizeof(struct rec)); break;
    case 1: p = malloc(sizeof(Rec)); break;
    case 2: p = malloc(sizeof *p); break;
    case 3: p = malloc(sizeof(*p)); break;
    case 4: p = calloc(1, sizeof *p); break;
    default: p = calloc(1, sizeof(struct rec)); break;
    }
    p->tag = (short)form;
    p->weight = (int)(lcg() % 100);
    p->next = NULL;
    return p;
}

static struct rec *alloc_block(size_t n, int form) {
    struct rec *p;
    switch (form) {
    case 0: p = malloc(n * sizeof(struct rec)); break;
    case 1: p = malloc(sizeof(struct rec) * n); break;
    case 2: p = malloc(n * sizeof *p); break;
    case 3: p = malloc(sizeof(*p) * n); break;
    default: p = calloc(n, sizeof *p); break;
    }
    for (size_t i = 0; i < n; i++) {
        p[i].tag = (short)(10 + form);
        p[i].weight = (int)i;
        p[i].next = i + 1 < n ? &p[i + 1] : NULL;
    }
    return p;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 600;
    struct rec *singles = NULL;
    for (int i = 0; i < n; i++) {
        struct rec *r = alloc_one(i % 6);
        r->next = singles;
        singles = r;
    }
    unsigned bsum = 0;
    for (int f = 0; f < 5; f++) {
        struct rec *block = alloc_block((size_t)(n / 10 + f + 1), f);
        for (struct rec *p = block; p; p = p->next)
            bsum = bsum * 7u + (unsigned)(p->tag * 100 + p->weight);
        free(block);
    }
    unsigned ssum = 0;
    int tags[6] = {0};
    for (struct rec *p = singles; p; p = p->next) {
        ssum = ssum * 7u + (unsigned)p->weight;
        tags[p->tag]++;
    }
    printf("ssum=%u bsum=%u tags=%d,%d,%d,%d,%d,%d\n", ssum, bsum, tags[0], tags[1], tags[2],
           tags[3], tags[4], tags[5]);
    while (singles) {
        struct rec *next = singles->next;
        free(singles);
        singles = next;
    }
    return 0;
}
