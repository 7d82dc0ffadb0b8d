/* Returns of functions whose local lives in a pool, from the second adversarial review:
   a struct returned by value is read before the local is freed, `return f();` in a void
   function, a program variable named like ptrcomp's temporary, a typedef that an inner
   block declares again (the temporary's type is spelled without it). */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "moved_into_pool": ["local 'ring' of summary (local_objects_at_returns.c:20:17)", "local 'ring' of show (local_objects_at_returns.c:35:17)", "local 'd' of count (local_objects_at_returns.c:49:17)", "local 'd' of scaled (local_objects_at_returns.c:59:17)"]}
#include <stdio.h>
#include <stdlib.h>

struct node {
    long v;
    struct node *next;
};

typedef long res_t;

static void done(void) { printf("\n"); }

/* The sum in a ring made of the list and the local, returned by value. */
static struct node summary(struct node *h) {
    struct node ring;
    struct node *t = &ring;
    ring.v = 0;
    for (; h; h = h->next) {
        ring.v += h->v;
        t->next = h;
        t = h;
    }
    t->next = &ring;
    ring.v += ring.next == &ring ? 0 : 1000;
    t->next = NULL; /* the list as it was */
    return ring;
}

static void show(struct node *h) {
    struct node ring;
    struct node *t = &ring;
    for (; h; h = h->next) {
        t->next = h;
        t = h;
    }
    t->next = &ring;
    for (struct node *p = ring.next; p != &ring; p = p->next)
        printf("%ld ", p->v);
    t->next = NULL;
    return done();
}

static long count(struct node *h) {
    struct node d;
    struct node *p = &d;
    d.next = h;
    long ptrcomp_result = 0;
    while ((p = p->next))
        ptrcomp_result += p->v;
    return ptrcomp_result + 1;
}

static res_t scaled(struct node *h) {
    struct node d;
    struct node *p = &d;
    d.next = h;
    long s = 0;
    while ((p = p->next))
        s += p->v;
    {
        typedef float res_t;
        res_t scale = 1.5f;
        if (s > 3)
            return s * (long)(scale * 2);
    }
    return s;
}

int main(void) {
    struct node *h = NULL;
    for (int i = 1; i <= 5; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 2;
        n->v = 100000001L * i;
        n->next = h;
        h = n;
    }
    struct node s = summary(h);
    printf("%ld %ld\n", s.v, s.next ? s.next->v : -1);
    show(h);
    printf("%ld %ld\n", count(h), scaled(h));
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
