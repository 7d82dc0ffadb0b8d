/* A doubly linked ring whose unlink macro checks its arguments with assert(x != NULL)
   in its own body. The asserts are expanded with the macro's body, and glibc's assert
   holds a second, unevaluated copy of its argument (`sizeof ((expr) ? 1 : 0)`) that no
   file text stands for: comparing an index with NULL there would not compile, so it
   is written as the size of the comparison's type. */
// EXPECT: {"type": "struct ring", "owner": "main", "indexed": true, "compressed": true}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct ring {
    int id;
    struct ring *fwd, *back;
};

#define RING_UNLINK(first, r)                       \
    do {                                            \
        assert((first) != NULL);                    \
        assert((r)->back != NULL);                  \
        if ((r)->fwd == (r)) {                      \
            (first) = NULL;                         \
        } else {                                    \
            (r)->back->fwd = (r)->fwd;              \
            (r)->fwd->back = (r)->back;             \
            if ((first) == (r))                     \
                (first) = (r)->fwd;                 \
        }                                           \
    } while (0)

static struct ring *ring_add(struct ring *first, int id)
{
    struct ring *r = malloc(sizeof *r);
    if (r == NULL)
        exit(2);
    r->id = id;
    if (first == NULL) {
        r->fwd = r->back = r;
        return r;
    }
    r->fwd = first;
    r->back = first->back;
    first->back->fwd = r;
    first->back = r;
    return first;
}

int main(void)
{
    struct ring *first = NULL;
    for (int i = 1; i <= 12; i++)
        first = ring_add(first, i * 5 % 13);
    /* drop every third element, walking forwards */
    struct ring *r = first;
    for (int step = 0; first != NULL && step < 20; step++) {
        struct ring *next = r->fwd;
        if (step % 3 == 2) {
            printf("drop %d\n", r->id);
            RING_UNLINK(first, r);
            free(r);
        }
        r = next;
    }
    long sum = 0;
    while (first != NULL) {
        r = first;
        sum = sum * 7 + r->id;
        RING_UNLINK(first, r);
        free(r);
    }
    printf("sum %ld\n", sum);
    return 0;
}
