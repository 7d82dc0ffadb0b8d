/* Token pasting (##). COUNT pastes only its first argument (a counter's name) and
   evaluates its second: the second is rewritten where it is spelled and the list is
   compressed. WITH_BIAS pastes the argument it also evaluates (bias_##e: for `p->w`
   the tokens `bias_p->w`, a read of the bias table for p): an edit of the argument
   would change the pasted token too, so that list stays unchanged, with the reason. */
// ARGS: 30
// EXPECT: {"type": "struct counted", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct biased", "owner": "main", "pooled": false, "reason": "is pasted with ## by 'WITH_BIAS' (macro_paste.c:27:9)"}
#include <stdio.h>
#include <stdlib.h>

struct counted {
    int v;
    struct counted *next;
};

struct biased {
    int w;
    struct biased *next;
};

struct bias { int w; };
static struct bias bias_table = {100};
static struct bias *bias_p = &bias_table;
static long count_even, count_odd;

#define WITH_BIAS(e) ((e) + bias_##e)
#define COUNT(name, e) (count_##name += (e))

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct counted *c = NULL;
    struct biased *b = NULL;
    for (int i = 0; i < n; i++) {
        struct counted *x = malloc(sizeof *x);
        x->v = i;
        x->next = c;
        c = x;
        struct biased *y = malloc(sizeof *y);
        y->w = 3 * i;
        y->next = b;
        b = y;
    }
    for (struct counted *q = c; q; q = q->next) {
        if (q->v % 2)
            COUNT(odd, q->v);
        else
            COUNT(even, q->v + (q->next ? q->next->v : 0));
    }
    long biased = 0;
    for (struct biased *p = b; p; p = p->next)
        biased += WITH_BIAS(p->w);
    printf("%ld %ld %ld\n", count_even, count_odd, biased);
    while (c) {
        struct counted *nx = c->next;
        free(c);
        c = nx;
    }
    while (b) {
        struct biased *nx = b->next;
        free(b);
        b = nx;
    }
    return 0;
}
