/* Node pointers passed through `...` of a function that gets a copy for the pool: the
   copy reads them with va_arg as the indices they became (16-bit indices are promoted
   to int when passed, so they are read as unsigned int), and a pointer to a node
   pointer as a pointer to an index. */
// PTRCOMP-ARGS: --index-bits=16
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

static int sum_lists(int count, ...) {
    va_list ap;
    int s = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        for (struct node *p = va_arg(ap, struct node *); p; p = p->next)
            s += p->v;
    va_end(ap);
    return s;
}

static void take_first(int count, ...) {
    va_list ap;
    va_start(ap, count);
    for (int i = 0; i < count; i++) {
        struct node **head = va_arg(ap, struct node **);
        struct node *first = *head;
        *head = first->next;
        free(first);
    }
    va_end(ap);
}

static struct node *push(struct node *h, int v) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->v = v;
    n->next = h;
    return n;
}

int main(void) {
    struct node *a = NULL, *b = NULL;
    for (int i = 0; i < 5; i++) {
        a = push(a, i);
        b = push(b, 10 * i);
    }
    printf("%d\n", sum_lists(2, a, b));
    take_first(2, &a, &b);
    printf("%d\n", sum_lists(2, a, b));
    while (a) {
        struct node *n = a->next;
        free(a);
        a = n;
    }
    while (b) {
        struct node *n = b->next;
        free(b);
        b = n;
    }
    return 0;
}
