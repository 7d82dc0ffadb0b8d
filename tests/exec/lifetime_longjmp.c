/* A REPL-style error handler: main sets a jump point, and each input line is handled by
   handle_line, which builds a list of its own (the owner of its pool) and, on a bad
   line, frees it and calls error(), which longjmps back to main. The jump leaves
   handle_line without returning, so a pool it created would never be destroyed (one
   region lost per bad line: 5,000 here). That structure stays unchanged, with the
   longjmp and the setjmp named (analysis/PoolLifetimes.h); main's own list, whose
   frame the jump returns to, is compressed. */
// EXPECT: {"type": "struct node", "owner": "handle_line", "pooled": false, "reason": "a longjmp at lifetime_longjmp.c:27:5 (in 'error') may leave 'handle_line' for the setjmp at lifetime_longjmp.c:57:23 (in 'main')"}
// EXPECT: {"type": "struct hist", "owner": "main", "indexed": true, "compressed": true}
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct hist {
    int line;
    struct hist *prev;
};

static jmp_buf on_error;

static void error(int line) {
    longjmp(on_error, line);
}

static long handle_line(int line) {
    struct node *h = NULL;
    for (int i = 0; i < 8; i++) {
        struct node *n = malloc(sizeof *n);
        n->v = line + i;
        n->next = h;
        h = n;
    }
    long s = 0;
    for (struct node *p = h; p; p = p->next)
        s += p->v;
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    if (line % 2 == 0)
        error(line);
    return s;
}

int main(void) {
    struct hist *errors = NULL;
    long total = 0;
    int bad = 0;
    for (volatile int line = 1; line <= 10000; line++) {
        int failed;
        if ((failed = setjmp(on_error)) != 0) {
            struct hist *e = malloc(sizeof *e);
            e->line = failed;
            e->prev = errors;
            errors = e;
            bad++;
            continue;
        }
        total += handle_line(line);
    }
    printf("total %ld, %d bad lines, last bad %d\n", total, bad, errors ? errors->line : 0);
    while (errors) {
        struct hist *e = errors->prev;
        free(errors);
        errors = e;
    }
    return 0;
}
