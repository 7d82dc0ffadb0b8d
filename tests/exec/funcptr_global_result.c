/* A function whose address is taken (it keeps its original signature) returns nodes of a
   list rooted in a global. Its result cannot become an index, so that list stays as it
   is; a second list owned by main is compressed. */
// ARGS: 50
// EXPECT: {"type": "struct gnode", "indexed": false, "compressed": false}
// EXPECT: {"type": "struct lnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct gnode {
    int v;
    struct gnode *next;
};

struct lnode {
    long w;
    struct lnode *next;
};

static struct gnode *ghead;

static struct gnode *first(void) { return ghead; }
static struct gnode *second(void) { return ghead ? ghead->next : NULL; }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    for (int i = 0; i < n; i++) {
        struct gnode *g = malloc(sizeof *g);
        g->v = i * i % 17;
        g->next = ghead;
        ghead = g;
    }
    struct lnode *l = NULL;
    for (int i = 0; i < n; i++) {
        struct lnode *x = malloc(sizeof *x);
        x->w = i + 100;
        x->next = l;
        l = x;
    }
    struct gnode *(*pick[2])(void) = {first, second};
    long s = 0;
    for (int i = 0; i < 4; i++) {
        struct gnode *g = pick[i % 2]();
        s += g ? g->v : -1;
    }
    for (struct lnode *x = l; x; x = x->next)
        s += x->w;
    printf("s=%ld\n", s);
    while (l) {
        struct lnode *next = l->next;
        free(l);
        l = next;
    }
    while (ghead) {
        struct gnode *next = ghead->next;
        free(ghead);
        ghead = next;
    }
    return 0;
}
