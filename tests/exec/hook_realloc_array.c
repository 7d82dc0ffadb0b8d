/* A growable array of structs through a realloc hook (doubling its capacity, n *
   sizeof(T) sizes), each slot heading a list of cells allocated and freed through
   malloc and free hooks. The hooks are file-local variables that hold nothing else:
   the array's reallocation becomes pc_realloc and both structures are compressed. The
   hooks, no longer called, are still read (cast to void) so that the compiler does not
   find them unused. */
// ARGS: 3000
// EXPECT: {"type": "struct slot", "owner": "main", "indexed": true, "compressed": true, "hooks": [{"hook": "vec_free", "targets": ["free"], "decision": "pool free"}, {"hook": "vec_realloc", "targets": ["realloc"], "decision": "pool reallocation"}]}
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true, "hooks": [{"hook": "vec_free", "targets": ["free"], "decision": "pool free"}, {"hook": "vec_malloc", "targets": ["malloc"], "decision": "pool allocation"}]}
#include <stdio.h>
#include <stdlib.h>

static void *(*vec_malloc)(size_t) = malloc;
static void *(*vec_realloc)(void *, size_t) = realloc;
static void (*vec_free)(void *) = free;

struct cell {
    int v;
    struct cell *next;
};

struct slot {
    int id;
    int n;
    struct cell *cells;
};

static unsigned long long seed = 21;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    size_t len = 0, cap = 1;
    struct slot *slots = vec_realloc(NULL, cap * sizeof(struct slot));
    if (!slots)
        return 1;
    for (int i = 0; i < n; i++) {
        if (len == 0 || lcg() % 4 == 0) {
            if (len == cap) {
                cap *= 2;
                struct slot *grown = vec_realloc(slots, cap * sizeof *slots);
                if (!grown)
                    return 1;
                slots = grown;
            }
            slots[len].id = (int)len;
            slots[len].n = 0;
            slots[len].cells = NULL;
            len++;
        }
        size_t k = lcg() % len;
        struct cell *c = vec_malloc(sizeof(struct cell));
        if (!c)
            return 1;
        c->v = i;
        c->next = slots[k].cells;
        slots[k].cells = c;
        slots[k].n++;
    }
    unsigned check = 0;
    int biggest = 0;
    for (size_t k = 0; k < len; k++) {
        if (slots[k].n > biggest)
            biggest = slots[k].n;
        for (struct cell *c = slots[k].cells; c; c = c->next)
            check = check * 31u + (unsigned)c->v + (unsigned)slots[k].id;
    }
    printf("slots=%zu biggest=%d check=%u\n", len, biggest, check);
    for (size_t k = 0; k < len; k++)
        while (slots[k].cells) {
            struct cell *c = slots[k].cells;
            slots[k].cells = c->next;
            vec_free(c);
        }
    vec_free(slots);
    return 0;
}
