/* GNU statement expressions written in the code, as in kernel-style C: their statements
   are rewritten as statements, a node pointer declared inside included, and a return
   inside one destroys the pools of its function first. */
// EXPECT: {"type": "struct node", "owner": "handle", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    long v;
    struct node *next;
};

static long second(const struct node *p) {
    return ({ const struct node *t = p->next; t ? t->v : -1; });
}

static long handle(int k) {
    struct node *h = NULL;
    for (int i = 0; i < 8; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return -2;
        n->v = i + k;
        n->next = h;
        h = n;
    }
    long s = ({
        long a = 0;
        for (struct node *p = h; p; p = p->next)
            a += p->v;
        if (a % 5 == 0)
            return -1;
        a;
    });
    s += second(h);
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return s;
}

int main(void) {
    long t = 0;
    int e = 0;
    for (int k = 0; k < 6000; k++) {
        long r = handle(k);
        if (r < 0)
            e++;
        else
            t += r;
    }
    printf("total %ld errors %d\n", t, e);
    return 0;
}
