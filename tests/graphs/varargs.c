/* A variadic function that reads pointers with va_arg; the callee is defined, so nothing
   escapes, and the pointers keep their type. */
#include <stdarg.h>
#include <stdlib.h>

struct list {
    int x;
    struct list *next;
};

static int total(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) {
        struct list *l = va_arg(ap, struct list *);
        s += l->x;
    }
    va_end(ap);
    return s;
}

static struct list *mk(int x) {
    struct list *l = malloc(sizeof *l); // @mk
    l->x = x;
    l->next = NULL;
    return l;
}

int main(void) {
    struct list *a = mk(1);
    struct list *b = mk(2);
    struct list *c = mk(3);
    int t = total(2, a, b);
    return t + c->x;
}
