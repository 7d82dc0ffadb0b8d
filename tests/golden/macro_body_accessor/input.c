/* Accessor macros whose bodies touch the list: each use that changes is written as the
   macro's expansion, rewritten; the #defines stay as they are. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

#define NEXT(n) ((n)->next)
#define VAL(n) ((n)->val)
#define PUSH(head, n) do { NEXT(n) = (head); (head) = (n); } while (0)

static long sum(const struct node *l) {
    long s = 0;
    for (; l; l = NEXT(l))
        s += VAL(l);
    return s;
}

int main(void) {
    struct node *head = NULL;
    for (int i = 0; i < 10; i++) {
        struct node *n = malloc(sizeof *n);
        VAL(n) = i * i;
        PUSH(head, n);
    }
    printf("%ld\n", sum(head));
    while (head) {
        struct node *next = NEXT(head);
        free(head);
        head = next;
    }
    return 0;
}
