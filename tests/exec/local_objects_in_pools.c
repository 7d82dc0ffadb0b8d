/* Locals that the program links to its heap nodes move into the nodes' pool: the dummy
   heads of a list merge and of a partition (functions the pool is passed to: freed at
   each return, the early one included, and at the end of a void function), and a
   circular list's sentinel in main, which owns the pool (freed with it). */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "moved_into_pool": ["local 'small' of partition (local_objects_in_pools.c:36:17)", "local 'large' of partition (local_objects_in_pools.c:36:24)", "local 'dummy' of merge (local_objects_in_pools.c:20:17)"]}
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "moved_into_pool": ["local 'ring' of main (local_objects_in_pools.c:77:17)"]}
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *next;
    struct node *prev;
    int key;
};

static long frees;

/* Merges two sorted lists through a dummy head on the stack. */
static struct node *merge(struct node *a, struct node *b) {
    struct node dummy;
    struct node *tail = &dummy;
    if (!a)
        return b;
    while (a && b) {
        struct node **from = a->key <= b->key ? &a : &b;
        tail->next = *from;
        *from = (*from)->next;
        tail = tail->next;
    }
    tail->next = a ? a : b;
    return dummy.next;
}

/* Splits l around pivot into two lists built on dummy heads; void, no return. */
static void partition(struct node *l, int pivot, struct node **lo, struct node **hi) {
    struct node small, large;
    struct node *s = &small, *g = &large;
    for (; l; l = l->next) {
        if (l->key < pivot) {
            s->next = l;
            s = l;
        } else {
            g->next = l;
            g = l;
        }
    }
    s->next = g->next = NULL;
    *lo = small.next;
    *hi = large.next;
}

static struct node *sort(struct node *l) {
    if (!l || !l->next)
        return l;
    struct node *lo, *hi;
    partition(l->next, l->key, &lo, &hi);
    struct node *first = l;
    first->next = NULL;
    return merge(sort(lo), merge(first, sort(hi)));
}

static struct node *ring_insert(struct node *ring, int key) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->key = key;
    n->next = ring;
    n->prev = ring->prev;
    ring->prev->next = n;
    ring->prev = n;
    return n;
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 300;
    struct node *l = NULL;
    struct node ring;
    unsigned x = 7;
    ring.next = ring.prev = &ring;
    ring.key = -1;
    for (int i = 0; i < count; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 2;
        x = x * 1103515245u + 12345u;
        n->key = (int)(x >> 20) % 1000;
        n->next = l;
        l = n;
    }
    l = sort(l);
    long weighted = 0;
    int k = 0, sorted = 1;
    for (struct node *p = l; p; p = p->next) {
        weighted += (long)p->key * ++k;
        if (p->next && p->next->key < p->key)
            sorted = 0;
    }
    printf("%d nodes, sorted %d, weighted sum %ld, %zu bytes a node\n", k, sorted, weighted,
           sizeof ring);
    /* Move the sorted nodes onto the ring, then walk it both ways. */
    while (l) {
        struct node *n = l->next;
        free(l);
        frees++;
        ring_insert(&ring, (int)frees);
        l = n;
    }
    unsigned long forward = 0, backward = 0;
    for (struct node *p = ring.next; p != &ring; p = p->next)
        forward = (forward * 31 + (unsigned long)p->key) % 1000003;
    for (struct node *p = ring.prev; p != &ring; p = p->prev)
        backward = (backward * 31 + (unsigned long)p->key) % 1000003;
    printf("ring: %lu %lu, sentinel %d\n", forward, backward, ring.key);
    while (ring.next != &ring) {
        struct node *n = ring.next;
        ring.next = n->next;
        free(n);
    }
    return 0;
}
