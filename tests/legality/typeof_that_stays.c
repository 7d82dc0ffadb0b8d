/* typeof of a node pointer where the declaration is not written again: in a cast, in
   sizeof's type name, inside a pointer type, and as the type of a local that stays a
   pointer (it points to a stack object) while the value it names becomes an index, and
   a call of a function that the output has only as clones. Each would see another type
   (or name nothing), so each structure stays, located at the typeof. */
// EXPECT: {"type": "struct e", "pooled": false, "reason": "typeof inspects the type of 'mk_e', which the output has only as its clones, at typeof_that_stays.c:79:34"}
// EXPECT: {"type": "struct a", "pooled": false, "reason": "typeof inspects the type of a value whose type changes at typeof_that_stays.c:36:16"}
// EXPECT: {"type": "struct b", "pooled": false, "reason": "typeof inspects the type of a value whose type changes at typeof_that_stays.c:47:34"}
// EXPECT: {"type": "struct c", "pooled": false, "reason": "typeof inspects the type of a value whose type changes at typeof_that_stays.c:58:5"}
// EXPECT: {"type": "struct d", "pooled": false, "reason": "typeof inspects the type of a value whose type changes at typeof_that_stays.c:71:5"}
#include <stdio.h>
#include <stdlib.h>

struct a { int v; struct a *next; };
struct b { int v; struct b *next; };
struct c { int v; struct c *next; };
struct d { int v; struct d *next; };
struct e { int v; struct e *next; };

static struct e *mk_e(int v) {
    struct e *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->v = v;
    n->next = NULL;
    return n;
}

static long cast_run(void) {
    struct a *h = malloc(sizeof *h);
    if (!h)
        exit(1);
    h->v = 3;
    h->next = NULL;
    void *raw = h;
    long s = ((__typeof__(h))raw)->v;
    free(h);
    return s;
}

static long sizeof_run(void) {
    struct b *h = malloc(sizeof *h);
    if (!h)
        exit(1);
    h->v = 4;
    h->next = NULL;
    long s = h->v + (long)sizeof(__typeof__(h));
    free(h);
    return s;
}

static long pointer_run(void) {
    struct c *h = malloc(sizeof *h);
    if (!h)
        exit(1);
    h->v = 5;
    h->next = NULL;
    __typeof__(h) *at = &h;
    long s = (*at)->v + (long)sizeof *at;
    free(h);
    return s;
}

static long stack_run(void) {
    struct d *h = malloc(sizeof *h);
    struct d local = {6, NULL};
    if (!h)
        exit(1);
    h->v = 7;
    h->next = NULL;
    __typeof__(h) other = &local;
    long s = h->v + other->v;
    free(h);
    return s;
}

static long clone_run(void) {
    struct e *h = mk_e(8);
    long s = h->v + (long)sizeof(__typeof__(mk_e(0)));
    free(h);
    return s;
}

int main(void) {
    printf("%ld %ld %ld %ld %ld\n", cast_run(), sizeof_run(), pointer_run(), stack_run(),
           clone_run());
    return 0;
}
