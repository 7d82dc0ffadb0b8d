/* A longjmp that code ptrcomp cannot see makes: check_sum (unseen/check_or_jump.c, not
   given to ptrcomp) jumps to the program's global jmp_buf, leaving 'work' before it
   returns. Were the list in a pool that 'work' creates, each jump would lose the pool,
   never destroyed: after some thousands of jumps the address space runs out. The list stays unchanged; the tallies, in a global pool that no jump leaves, are
   compressed. */
// UNSEEN: unseen/check_or_jump.c
// EXPECT: {"type": "struct node", "owner": "work", "compressed": false, "reason": "a call of 'check_sum' at lifetime_longjmp_unseen.c:39:5 (in 'work'), which ptrcomp cannot see, may longjmp out of 'work' to the setjmp at lifetime_longjmp_unseen.c:53:13 (its jmp_buf 'on_error' is a global that code ptrcomp cannot see may name), and the pool 'work' creates would then never be destroyed"}
// EXPECT: {"type": "struct tally", "owner": "(global)", "compressed": true}
// NO-TSAN: no threads; a jump lost in the transformed program shows as a crash, not a race
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

struct node { long v; struct node *next; };
struct tally { long jumps, sums; struct tally *next; };

jmp_buf on_error;
static struct tally *t; /* a global: main's locals may be clobbered by the longjmp */
void check_sum(long sum);

static long work(int n)
{
    struct node *h = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        if (!x)
            exit(2);
        x->v = i;
        x->next = h;
        h = x;
    }
    long s = 0;
    while (h) {
        struct node *q = h->next;
        s += h->v;
        free(h);
        h = q;
    }
    check_sum(s);
    return s;
}

int main(void)
{
    for (volatile int k = 0; k < 30000; k++) {
        if (k % 1000 == 0) {
            struct tally *x = calloc(1, sizeof *x);
            if (!x)
                return 2;
            x->next = t;
            t = x;
        }
        if (setjmp(on_error)) {
            t->jumps++;
            continue;
        }
        t->sums += work(2 + k % 5);
    }
    long jumps = 0, sums = 0;
    while (t) {
        struct tally *x = t->next;
        jumps += t->jumps;
        sums += t->sums;
        free(t);
        t = x;
    }
    printf("%ld jumps, sums %ld\n", jumps, sums);
    return 0;
}
