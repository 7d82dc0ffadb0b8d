/* Nested and mixed access spellings: p->next->next->val, (*p).next, (*(*p).next).val,
   p[0].val, p->next[0].val, chained assignments through fields, compound assignments and
   increments on fields reached through several links, and `p = p->next` loops. */
// EXPECT: {"type": "struct ring", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct ring {
    int val;
    struct ring *next;
    struct ring *prev;
};

static unsigned long long seed = 1001;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 900;
    if (n < 4)
        n = 4;
    struct ring *r = malloc(sizeof *r);
    r->val = 0;
    r->next = r->prev = r;
    for (int i = 1; i < n; i++) {
        struct ring *x = malloc(sizeof *x);
        x->val = (int)(lcg() % 1000);
        x->next = r->next;
        x->prev = r;
        r->next->prev = x;
        (*r).next = x;
    }
    long s = 0;
    struct ring *p = r;
    for (int i = 0; i < n; i++) {
        s += p->next->next->val - (*(*p).prev).val + p[0].val + p->next[0].val;
        p->next->next->val += i & 3;
        (*p).next->prev->val ^= 1;
        ++p->prev->next->val;
        p = p->next;
    }
    int consistent = 1;
    p = r;
    do {
        if (p->next->prev != p || p->prev->next != p)
            consistent = 0;
        p = (*p).next;
    } while (p != r);
    /* remove every third node through double links */
    p = r->next;
    int removed = 0;
    while (p != r) {
        struct ring *nx = p->next;
        if (p->val % 3 == 0) {
            p->prev->next = p->next;
            p->next->prev = p->prev;
            free(p);
            removed++;
        }
        p = nx;
    }
    long t = 0;
    for (p = r->next; p != r; p = p->next)
        t = t * 3 % 1000000007 + p->val + p->next->next->next->val;
    printf("s=%ld consistent=%d removed=%d t=%ld head=%d\n", s, consistent, removed, t,
           r->next->next->val);
    p = r->next;
    while (p != r) {
        struct ring *nx = p->next;
        free(p);
        p = nx;
    }
    free(r);
    return 0;
}
