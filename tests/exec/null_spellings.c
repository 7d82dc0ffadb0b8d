/* Null pointer spellings: p == NULL, NULL == p, p != NULL, NULL != p, !p, !!p, p == 0,
   0 != p, (void *)0, if (p), while (p && ...), p || q, p ? a : b, and assignments of
   NULL, 0 and (void *)0 to pointers and fields. */
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int v;
    struct cell *next;
    struct cell *alt;
};

static unsigned long long seed = 404;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static int classify(const struct cell *p) {
    int c = 0;
    if (p == NULL) c |= 1;
    if (NULL == p) c |= 2;
    if (p != NULL) c |= 4;
    if (NULL != p) c |= 8;
    if (!p) c |= 16;
    if (p == 0) c |= 32;
    if (0 != p) c |= 64;
    if (p != (void *)0) c |= 128;
    if (p) c |= 256;
    c |= !!p << 9;
    return c;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 500;
    struct cell *head = NULL, *q = 0, *r = (void *)0;
    for (int i = 0; i < n; i++) {
        struct cell *c = malloc(sizeof *c);
        c->v = (int)(lcg() % 100);
        c->next = head;
        c->alt = (lcg() & 1) ? head : NULL;
        if (c->alt == 0 && head != 0 && head->next != NULL)
            c->alt = head->next;
        head = c;
    }
    int bits = 0, alts = 0, chain = 0;
    for (struct cell *p = head; p != NULL; p = p->next) {
        bits += classify(p->alt);
        if (p->alt == NULL || !p->alt->alt)
            alts++;
        q = p->alt ? p->alt : p;
        r = (p->alt || p->next) ? p->next : NULL;
        chain += q->v + (r ? r->v : -1);
    }
    int tail_bits = classify(q) + classify(NULL) * 2 + classify(0) * 3;
    struct cell *p = head;
    int walked = 0;
    while (p && p->v >= 0 && p->next != 0) {
        walked++;
        p = p->next;
    }
    printf("bits=%d alts=%d chain=%d tail=%d walked=%d last_null=%d\n", bits, alts, chain,
           tail_bits, walked, p->next == NULL);
    while (!(head == NULL)) {
        struct cell *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
