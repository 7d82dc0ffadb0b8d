/* Whole-struct copies between objects of the same structure (`*dst = *src`, struct
   assignment of array elements, copies inside one calloc'd block): both sides are in the
   pool, so the copies move compressed objects and stay valid. */
// EXPECT: {"type": "struct pt", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct pt {
    int x, y;
    struct pt *link;
};

static unsigned long long seed = 4;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct pt *clone_node(const struct pt *src) {
    struct pt *d = malloc(sizeof *d);
    *d = *src;
    return d;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 400;
    if (n < 2)
        n = 2;
    struct pt *block = calloc((size_t)n, sizeof(struct pt));
    for (int i = 0; i < n; i++) {
        block[i].x = (int)(lcg() % 100);
        block[i].y = (int)(lcg() % 100);
        block[i].link = i ? &block[i - 1] : NULL;
    }
    /* rotate the block's contents by one with struct assignments */
    struct pt *tmp = clone_node(&block[0]);
    for (int i = 0; i + 1 < n; i++)
        block[i] = block[i + 1];
    block[n - 1] = *tmp;
    free(tmp);
    /* a separate chain of clones; a clone's copied link is kept only to count it */
    struct pt *chain = NULL;
    for (int i = 0; i < n; i += 3) {
        struct pt *c = clone_node(block + i);
        c->x += 1000;
        c->y += c->link ? (int)(c->link - block) : -1;
        c->link = chain;
        chain = c;
    }
    long s = 0;
    for (int i = 0; i < n; i++)
        s += block[i].x * 3 + block[i].y + (block[i].link ? block[i].link - block : -1);
    long t = 0;
    int clen = 0;
    for (struct pt *c = chain; c; c = c->link, clen++)
        t = t * 7 % 1000003 + c->x + c->y;
    printf("s=%ld t=%ld clen=%d last=%d,%d\n", s, t, clen, block[n - 1].x, block[n - 1].y);
    while (chain) {
        struct pt *next = chain->link;
        free(chain);
        chain = next;
    }
    free(block);
    return 0;
}
