/* Pointer-to-integer casts: nodes of one list are checked for alignment and compared by
   address. The program never casts an integer back to a pointer, so the casts are one-way:
   both lists are compressed and the casts read the objects' real addresses. */
// EXPECT: {"type": "struct anode", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct plain", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct anode {
    int v;
    struct anode *next;
};

struct plain {
    int v;
    struct plain *next;
};

static unsigned long long seed = 100;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static int aligned(const struct anode *a) {
    return ((uintptr_t)a & (_Alignof(struct anode) - 1)) == 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct anode *as = NULL;
    struct plain *ps = NULL;
    for (int i = 0; i < n; i++) {
        struct anode *a = malloc(sizeof *a);
        a->v = (int)(lcg() % 1000);
        a->next = as;
        as = a;
        struct plain *p = malloc(sizeof *p);
        p->v = a->v * 2;
        p->next = ps;
        ps = p;
    }
    int ok = 0, same = 0;
    long sa = 0, sp = 0;
    for (struct anode *a = as; a; a = a->next) {
        ok += aligned(a);
        sa += a->v;
        /* two different live objects never share an address */
        if (a->next && (uintptr_t)a == (uintptr_t)a->next)
            same++;
    }
    for (struct plain *p = ps; p; p = p->next)
        sp += p->v;
    printf("n=%d aligned=%d same=%d sa=%ld sp=%ld\n", n, ok, same, sa, sp);
    while (as) {
        struct anode *next = as->next;
        free(as);
        as = next;
    }
    while (ps) {
        struct plain *next = ps->next;
        free(ps);
        ps = next;
    }
    return 0;
}
