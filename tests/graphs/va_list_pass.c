/* A va_list handed to another function (vprintf style) carries the variadic pointers with
   it; so does a struct passed by value through `...`. */
#include <stdarg.h>
#include <stdlib.h>

struct list {
    int x;
    struct list *next;
};

struct pair {
    struct list *first;
    struct list *second;
};

static void vfill(int n, va_list ap) {
    while (n-- > 0) {
        struct list *l = va_arg(ap, struct list *);
        l->next = malloc(sizeof *l->next); // @vfill
        l->next->next = NULL;
    }
}

static void fill(int n, ...) {
    va_list ap, copy;
    va_start(ap, n);
    va_copy(copy, ap);
    vfill(n, copy);
    va_end(copy);
    va_end(ap);
}

static void link_pair(int n, ...) {
    va_list ap;
    va_start(ap, n);
    struct pair pr = va_arg(ap, struct pair);
    pr.first->next = pr.second;
    va_end(ap);
}

int main(void) {
    struct list *a = malloc(sizeof *a); // @a
    a->next = NULL;
    fill(1, a);
    struct pair pr;
    pr.first = malloc(sizeof *pr.first); // @first
    pr.second = malloc(sizeof *pr.second); // @second
    pr.second->next = NULL;
    link_pair(1, pr);
    return a->next->x + pr.first->next->x;
}
