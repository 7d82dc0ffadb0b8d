/* Static locals live in global memory: G, not S. */
#include <stdlib.h>

struct counter {
    int hits;
    struct counter *self;
};

struct node {
    int v;
    struct node *next;
};

static struct counter *get_counter(void) {
    static struct counter c;
    c.self = &c;
    c.hits++;
    return &c;
}

static struct node *cached(void) {
    static struct node *cache;
    if (!cache) {
        cache = malloc(sizeof *cache); // @cache
        cache->v = 1;
        cache->next = NULL;
    }
    return cache;
}

int main(void) {
    struct counter *k = get_counter();
    struct node *n = cached();
    return k->hits + n->v + k->self->hits;
}
