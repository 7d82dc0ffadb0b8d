/* An assert that fails, after lines ptrcomp inserts (the layout, the runtime's #include,
   the clone of append(), the pool created at main's entry): glibc's message names the
   file and line (`prog: line_numbers_assert.c:45: main: Assertion ... failed.`), which
   must be the original's, as compiler diagnostics would be. The harness builds both
   programs from their own directories under the same name, so the whole message on
   stderr is compared. The asserted expression stays as written (the message quotes it). */
// ARGS: 7
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct cell {
    long v;
    struct cell *next;
};

static struct cell *append(struct cell *tail, long v) {
    struct cell *c = malloc(sizeof *c);
    c->v = v;
    c->next = NULL;
    if (tail)
        tail->next = c;
    return c;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5;
    struct cell *head = NULL, *tail = NULL;
    for (int i = 1; i <= n; i++) {
        tail = append(tail, i);
        if (!head)
            head = tail;
    }
    long total = 0;
    for (struct cell *c = head; c; c = c->next)
        total += c->v;
    printf("total %ld at line %d\n", total, __LINE__);
    fflush(stdout);
    while (head) {
        struct cell *next = head->next;
        free(head);
        head = next;
    }
    assert(total <= 15);
    return 0;
}
