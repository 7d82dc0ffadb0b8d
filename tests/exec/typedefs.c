/* Typedef'd structs and typedef'd pointers: `typedef struct N *NP`, a typedef of the
   typedef, const-qualified pointer typedefs, casts and sizeof spelled with the typedefs.
   A sorted insertion list and a stack built from the same type. */
// EXPECT: {"type": "struct N", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

typedef struct N N;
typedef struct N *NP;
typedef NP Link;
typedef const struct N *CNP;

struct N {
    int val;
    NP next;
    Link down;
};

static unsigned long long seed = 1234;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static NP make(int v) {
    NP n = (NP)malloc(sizeof(N));
    n->val = v;
    n->next = NULL;
    n->down = (Link)0;
    return n;
}

static NP insert_sorted(NP head, NP n) {
    if (!head || n->val <= head->val) {
        n->next = head;
        return n;
    }
    NP p = head;
    while (p->next && p->next->val < n->val)
        p = p->next;
    n->next = p->next;
    p->next = n;
    return head;
}

static unsigned check(CNP p) {
    unsigned s = 0;
    for (; p; p = p->next) {
        s = s * 31u + (unsigned)p->val;
        for (CNP d = p->down; d; d = d->down)
            s += (unsigned)d->val;
    }
    return s;
}

static void release(NP p) {
    while (p) {
        NP next = p->next;
        Link d = p->down;
        while (d) {
            Link dn = d->down;
            free(d);
            d = dn;
        }
        free(p);
        p = next;
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 800;
    NP list = NULL;
    for (int i = 0; i < n; i++) {
        N *fresh = make((int)(lcg() % 10000));
        list = insert_sorted(list, fresh);
        if (i % 4 == 0) {
            Link d = make(i);
            d->down = fresh->down;
            fresh->down = d;
        }
    }
    int sorted = 1, count = 0;
    for (CNP p = list; p && p->next; p = p->next, count++)
        if (p->val > p->next->val)
            sorted = 0;
    printf("count=%d sorted=%d min=%d check=%u\n", count + 1, sorted, list->val, check(list));
    release(list);
    return 0;
}
