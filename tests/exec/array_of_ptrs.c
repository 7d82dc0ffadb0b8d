/* Pointers to a structure stored in an array of pointers: a local table of list heads
   (`struct node *heads[16]`) and a heap array of node pointers used as an explicit stack. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

static unsigned long long seed = 1616;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5000;
    struct node *heads[16] = {0};
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        x->v = (int)(lcg() % 1000);
        unsigned b = (unsigned)x->v % 16u;
        x->next = heads[b];
        heads[b] = x;
    }
    struct node **stack = malloc((size_t)n * sizeof *stack);
    int sp = 0;
    for (int b = 0; b < 16; b++)
        for (struct node *p = heads[b]; p; p = p->next)
            stack[sp++] = p;
    unsigned check = 0;
    while (sp > 0) {
        struct node *p = stack[--sp];
        check = check * 31u + (unsigned)p->v;
    }
    int lens[16];
    for (int b = 0; b < 16; b++) {
        lens[b] = 0;
        while (heads[b]) {
            struct node *next = heads[b]->next;
            free(heads[b]);
            heads[b] = next;
            lens[b]++;
        }
    }
    printf("check=%u len0=%d len7=%d len15=%d\n", check, lens[0], lens[7], lens[15]);
    free(stack);
    return 0;
}
