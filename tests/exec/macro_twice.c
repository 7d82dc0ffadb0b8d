/* One macro argument expanded more than once: SQUARE evaluates its argument twice,
   TWICE runs its statement argument twice, SUM2 calls its argument twice. Each
   expansion is its own copy of the code, and all copies of an argument need the same
   new text, so one edit where the argument is spelled serves them all (the call is
   redirected to the clone in both copies). */
// ARGS: 20
// EXPECT: {"type": "struct num", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct num {
    int v;
    struct num *next;
};

#define SQUARE(x) ((x) * (x))
#define TWICE(stmt)                                                                      \
    do {                                                                                 \
        stmt;                                                                            \
        stmt;                                                                            \
    } while (0)
#define SUM2(e) ((e) + (e))

static int length(const struct num *l) {
    int n = 0;
    for (; l; l = l->next)
        n++;
    return n;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct num *head = NULL;
    for (int i = 1; i <= n; i++) {
        struct num *x = malloc(sizeof *x);
        x->v = i;
        x->next = head;
        head = x;
    }
    long squares = 0;
    for (struct num *p = head; p; p = p->next)
        squares += SQUARE(p->v);
    struct num *q = head;
    TWICE(q = q->next);
    TWICE(q->v += 100);
    int doubled = SUM2(length(head));
    int third = SQUARE(head->next->next->v);
    printf("%ld %d %d %d\n", squares, q->v, doubled, third);
    while (head) {
        struct num *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
