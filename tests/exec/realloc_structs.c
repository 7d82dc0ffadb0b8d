/* An array of structs grown with realloc (doubling capacity, n * sizeof(T) sizes), each
   slot heading a list of heap nodes. Slots are addressed by position only, never by
   pointers kept across a realloc. */
// EXPECT: {"type": "struct slot", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int v;
    struct cell *next;
};

struct slot {
    int id;
    int n;
    struct cell *cells;
};

static unsigned long long seed = 8;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    size_t len = 0, cap = 1;
    struct slot *slots = malloc(cap * sizeof(struct slot));
    for (int i = 0; i < n; i++) {
        if (len == 0 || lcg() % 4 == 0) {
            if (len == cap) {
                cap *= 2;
                slots = realloc(slots, cap * sizeof(struct slot));
            }
            slots[len].id = (int)len;
            slots[len].n = 0;
            slots[len].cells = NULL;
            len++;
        }
        size_t k = lcg() % len;
        struct cell *c = malloc(sizeof(struct cell));
        c->v = i;
        c->next = slots[k].cells;
        slots[k].cells = c;
        slots[k].n++;
    }
    size_t shrunk = len / 2 + 1;
    for (size_t k = shrunk; k < len; k++)
        while (slots[k].cells) {
            struct cell *c = slots[k].cells;
            slots[k].cells = c->next;
            free(c);
        }
    len = shrunk < len ? shrunk : len;
    slots = realloc(slots, len * sizeof(struct slot));
    unsigned check = 0;
    int cells = 0, biggest = 0;
    for (size_t k = 0; k < len; k++) {
        struct slot *s = &slots[k];
        if (s->n > biggest)
            biggest = s->n;
        for (struct cell *c = s->cells; c; c = c->next) {
            check = check * 31u + (unsigned)c->v + (unsigned)s->id;
            cells++;
        }
    }
    printf("slots=%zu cap=%zu cells=%d biggest=%d check=%u\n", len, cap, cells, biggest,
           check);
    for (size_t k = 0; k < len; k++)
        while (slots[k].cells) {
            struct cell *c = slots[k].cells;
            slots[k].cells = c->next;
            free(c);
        }
    free(slots);
    return 0;
}
