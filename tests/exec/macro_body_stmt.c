/* Statement macros (`do { ... } while (0)`): a swap with a local of the pointer type, a
   push that allocates, an unlink. Each use becomes the statement, rewritten; the `;` after
   the use stays the statement's, also as the branch of an if without braces. */
// EXPECT: {"type": "struct dnode", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct dnode {
    int v;
    struct dnode *next;
};

#define SWAP(a, b)                                                                        \
    do {                                                                                  \
        struct dnode *tmp_ = (a);                                                         \
        (a) = (b);                                                                        \
        (b) = tmp_;                                                                       \
    } while (0)
#define PUSH(head, val) do { struct dnode *n_ = malloc(sizeof *n_); n_->v = (val); n_->next = (head); (head) = n_; } while (0)
#define POP_FREE(head) do { struct dnode *d_ = (head); (head) = d_->next; free(d_); } while (0)

int main(void) {
    struct dnode *x = NULL, *y = NULL;
    for (int i = 0; i < 100; i++) {
        if (i % 4 == 0)
            PUSH(x, i);
        else
            PUSH(y, i * 2);
        if (i % 10 == 9)
            SWAP(x, y);
    }
    long sx = 0, sy = 0;
    for (struct dnode *p = x; p; p = p->next)
        sx += p->v;
    for (struct dnode *p = y; p; p = p->next)
        sy += p->v;
    printf("sx=%ld sy=%ld\n", sx, sy);
    while (x)
        POP_FREE(x);
    while (y) POP_FREE(y);
    return 0;
}
