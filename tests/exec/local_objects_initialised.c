/* Locals moved into their structure's pool keep their brace initialisers: positional
   and designated lists, a list that names the object itself (a circular sentinel), one
   whose value is a call that allocates from the same pool, two initialised declarators
   in one declaration, and a probe initialised anew in each iteration of a loop. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "moved_into_pool": ["local 'dummy' of merge (local_objects_initialised.c:29:17)"]}
// EXPECT: {"type": "struct node", "owner": "pair", "compressed": true, "moved_into_pool": ["local 'a' of pair (local_objects_initialised.c:67:17)", "local 'b' of pair (local_objects_initialised.c:67:40)"]}
// EXPECT: {"type": "struct node", "owner": "ring_sum", "compressed": true, "moved_into_pool": ["local 'ring' of ring_sum (local_objects_initialised.c:44:17)"]}
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *next;
    struct node *prev;
    int key;
};

static struct node *make(int key, struct node *next) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(3);
    n->next = next;
    n->prev = NULL;
    n->key = key;
    return n;
}

/* The merge's dummy head with a key of its own. */
static struct node *merge(struct node *a, struct node *b) {
    struct node dummy = { NULL, NULL, -1 };
    struct node *t = &dummy;
    while (a && b) {
        struct node **from = a->key <= b->key ? &a : &b;
        t->next = *from;
        *from = (*from)->next;
        t = t->next;
    }
    t->next = a ? a : b;
    printf("dummy key %d\n", dummy.key);
    return dummy.next;
}

/* A ring whose sentinel points to itself from its initialiser. */
static int ring_sum(int n) {
    struct node ring = { .next = &ring, .prev = &ring, .key = 1000 };
    for (int i = 1; i <= n; ++i) {
        struct node *x = make(i, ring.next);
        x->prev = &ring;
        ring.next->prev = x;
        ring.next = x;
    }
    int sum = 0;
    for (struct node *p = ring.next; p != &ring; p = p->next)
        sum += p->key;
    for (struct node *p = ring.prev; p != &ring; p = p->prev)
        sum -= p->key;
    printf("ring sentinel %d back %d\n", ring.key, ring.prev->next == &ring);
    while (ring.next != &ring) {
        struct node *x = ring.next;
        ring.next = x->next;
        free(x);
    }
    return sum + ring.key;
}

/* Two declarators; the second's list names the first and a fresh node. */
static int pair(int k) {
    struct node a = { NULL, NULL, 7 }, b = { &a, make(9, &a), 8 };
    a.prev = &b;
    struct node *pick = k > 0 ? b.prev : k < 0 ? &b : &a;
    int s = pick->key + pick->next->key + b.next->key + b.prev->next->prev->key;
    free(b.prev);
    return s;
}

/* A probe initialised in each iteration, linked to the list it walks. */
static int probes(struct node *l) {
    int found = 0;
    for (int k = 0; k < 6; ++k) {
        struct node probe = { .key = k * 2, .next = l };
        for (struct node *p = probe.next; p; p = p->next)
            if (p->key == probe.key) {
                ++found;
                break;
            }
    }
    return found;
}

int main(int argc, char **argv) {
    (void)argv;
    struct node *a = NULL, *b = NULL;
    for (int i = 9; i >= 1; i -= 2)
        a = make(i, a);
    for (int i = 10; i >= 2; i -= 2)
        b = make(i, b);
    struct node *m = merge(a, b);
    for (struct node *p = m; p; p = p->next)
        printf("%d ", p->key);
    printf("\nfound %d\n", probes(m));
    while (m) {
        struct node *n = m->next;
        free(m);
        m = n;
    }
    printf("ring %d pair %d\n", ring_sum(50), pair(argc));
    return 0;
}
