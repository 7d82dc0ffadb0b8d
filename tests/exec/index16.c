/* 16-bit indices on a small structure: a list of at most a few thousand nodes with two
   links, stored in 16 bits each under --index-bits=16; nodes are freed and reallocated so
   the pool never needs more than 2^16 - 1 objects at once. */
// PTRCOMP-ARGS: --index-bits=16
// EXPECT: {"type": "struct small", "owner": "main", "indexed": true, "compressed": true, "index_bits": 16}
#include <stdio.h>
#include <stdlib.h>

struct small {
    short v;
    struct small *next;
    struct small *jump;
};

static unsigned long long seed = 16;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3000;
    if (n > 20000)
        n = 20000;
    struct small *head = NULL;
    int len = 0;
    unsigned check = 0;
    for (int round = 0; round < 10; round++) {
        while (len < n) {
            struct small *s = malloc(sizeof *s);
            s->v = (short)(lcg() % 30000);
            s->next = head;
            s->jump = head && head->next ? head->next->next : head;
            head = s;
            len++;
        }
        for (struct small *p = head; p; p = p->jump)
            check = check * 7u + (unsigned)p->v;
        /* drop the nodes with odd values, keeping jump links valid by resetting them */
        struct small *prev = NULL, *p = head;
        while (p) {
            struct small *next = p->next;
            if (p->v & 1) {
                if (prev)
                    prev->next = next;
                else
                    head = next;
                free(p);
                len--;
            } else {
                prev = p;
            }
            p = next;
        }
        for (p = head; p; p = p->next)
            p->jump = p->next;
        printf("round %d: len=%d check=%u\n", round, len, check);
    }
    while (head) {
        struct small *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
