/* Macros used across several lines and defined across several lines: an expression
   macro whose arguments are spread over lines, and a statement macro whose argument is
   several statements on several lines. The arguments are rewritten where they are
   spelled, keeping their line breaks. */
// ARGS: 25
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int row, col;
    struct cell *next;
};

#define DIST(r1, c1,                                                                     \
             r2, c2)                                                                     \
    (((r1) > (r2) ? (r1) - (r2) : (r2) - (r1)) +                                         \
     ((c1) > (c2) ? (c1) - (c2) : (c2) - (c1)))

#define TIMES(n, body)                                                                   \
    do {                                                                                 \
        for (int k_ = 0; k_ < (n); k_++) {                                               \
            body                                                                         \
        }                                                                                \
    } while (0)

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct cell *cells = NULL;
    for (int i = 0; i < n; i++) {
        struct cell *c = malloc(sizeof *c);
        c->row = (i * 7) % 11;
        c->col = (i * 5) % 13;
        c->next = cells;
        cells = c;
    }
    int first = DIST(cells->row, cells->col,
                     cells->next->row,
                     cells->next->col);
    long total = 0;
    int closest = 1 << 30;
    struct cell *p = cells;
    while (p && p->next) {
        int d = DIST(p->row,
                     p->col, p->next->row, p->next->col);
        total += d;
        if (d < closest)
            closest = d;
        p = p->next;
    }
    struct cell *walker = cells;
    long rows = 0;
    TIMES(n + 3,
          rows += walker->row * 10 + walker->col;
          walker = walker->next ? walker->next
                                : cells;);
    printf("%d %ld %d %ld %d\n", first, total, closest, rows, walker->row);
    while (cells) {
        struct cell *next = cells->next;
        free(cells);
        cells = next;
    }
    return 0;
}
