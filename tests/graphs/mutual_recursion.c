/* Mutually recursive builders (one SCC) allocating at two sites, and mutually recursive
   walkers. */
#include <stdlib.h>

struct list {
    int x;
    struct list *next;
};

static struct list *build_odd(int n);

static struct list *build_even(int n) {
    if (n == 0)
        return NULL;
    struct list *l = malloc(sizeof *l); // @even
    l->x = 0;
    l->next = build_odd(n - 1);
    return l;
}

static struct list *build_odd(int n) {
    if (n == 0)
        return NULL;
    struct list *l = malloc(sizeof *l); // @odd
    l->x = 1;
    l->next = build_even(n - 1);
    return l;
}

static int len_b(struct list *l);

static int len_a(struct list *l) {
    return l ? 1 + len_b(l->next) : 0;
}

static int len_b(struct list *l) {
    return l ? 1 + len_a(l->next) : 0;
}

int main(void) {
    struct list *x = build_even(6);
    struct list *y = build_odd(3);
    return len_a(x) + len_a(y);
}
