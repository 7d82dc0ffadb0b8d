/* A node of a local list links to a node that a global also holds: the local pool's
   layout stores indices into the global pool in that field, as the function's code
   writes them (once, the layout kept a pointer there and the output did not compile). */
// EXPECT: {"type": "struct sym", "owner": "f", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct sym", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct sym {
    int id;
    struct sym *next;
};

static struct sym *keep;

static int f(int k) {
    struct sym *s = malloc(sizeof *s), *t = malloc(sizeof *t);
    if (!s || !t)
        exit(1);
    s->id = k;
    s->next = t;
    t->id = -k;
    t->next = keep;
    keep = t;
    int r = s->id + s->next->id;
    free(s);
    return r;
}

int main(void) {
    int z = 0;
    for (int k = 0; k < 4; k++)
        z += f(k);
    int n = 0;
    for (struct sym *p = keep; p; p = p->next)
        n += p->id;
    printf("%d %d\n", z, n);
    while (keep) {
        struct sym *p = keep->next;
        free(keep);
        keep = p;
    }
    return 0;
}
