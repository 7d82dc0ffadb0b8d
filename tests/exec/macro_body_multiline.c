/* Macros spanning lines: a definition continued with backslashes, and an invocation
   whose arguments are written over several lines; the expansion is written on one line.
   Numbers in a macro's body keep their spelling in the expansion (0.5, 0x10). */
// EXPECT: {"type": "struct seg", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct seg {
    long lo, hi;
    struct seg *next;
};

#define SEG_LEN(s) \
    ((s)->hi -     \
     (s)->lo)
#define MID(s) (((s)->lo + (s)->hi) * 0.5 + 0x10)
#define LINK_AFTER(at, s)    \
    ((s)->next = (at)->next, \
     (at)->next = (s))

int main(void) {
    struct seg *first = malloc(sizeof *first);
    first->lo = 0;
    first->hi = 1;
    first->next = NULL;
    for (int i = 1; i < 64; i++) {
        struct seg *s = malloc(sizeof *s);
        s->lo = i * 10;
        s->hi = i * 10 + i % 7;
        LINK_AFTER(first,
                   s);
    }
    long total = 0;
    double mid = 0;
    int n = 0;
    for (struct seg *s = first; s; s = s->next) {
        total += SEG_LEN(
            s);
        mid += MID(s);
        n++;
    }
    printf("n=%d total=%ld mid=%.1f\n", n, total, mid);
    while (first) {
        struct seg *nx = first->next;
        free(first);
        first = nx;
    }
    return 0;
}
