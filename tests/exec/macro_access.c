/* Accessor macros for fields (`#define NEXT(p) ((p)->next)`), a macro that allocates and
   one that opens a loop: the accesses are spelled inside macro bodies, which ptrcomp never
   edits; each use is written as the macro's expansion, rewritten. */
// EXPECT: {"type": "struct mnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct mnode {
    int val;
    struct mnode *next;
};

#define NEXT(p) ((p)->next)
#define VAL(p) ((p)->val)
#define NEW_NODE() ((struct mnode *)malloc(sizeof(struct mnode)))
#define FOR_EACH(it, head) for (struct mnode *it = (head); it != NULL; it = NEXT(it))

static unsigned long long seed = 33;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1500;
    struct mnode *head = NULL;
    for (int i = 0; i < n; i++) {
        struct mnode *x = NEW_NODE();
        VAL(x) = (int)(lcg() % 777);
        NEXT(x) = head;
        head = x;
    }
    long s = 0;
    int evens = 0;
    FOR_EACH(it, head) {
        s += VAL(it);
        evens += !(VAL(it) & 1);
    }
    printf("s=%ld evens=%d first=%d second=%d\n", s, evens, VAL(head), VAL(NEXT(head)));
    while (head) {
        struct mnode *next = NEXT(head);
        free(head);
        head = next;
    }
    return 0;
}
