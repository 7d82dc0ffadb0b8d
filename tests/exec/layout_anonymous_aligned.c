/* Members a new layout prints member by member: an anonymous union (declared inline in
   the layout, `union { int i; float f; };`, so the struct is compressed) and an _Alignas
   member (which printing would lose: that structure keeps its layout and is left
   unchanged with the reason); a plain neighbour is compressed, and so is a struct with a
   named member of an unnamed struct type, which the layout declares inline (`struct {
   short lo, hi; } range;`). No output may name the machine's paths (before, "union
   (unnamed union at /abs/path...)"). */
// ARGS: 100
// EXPECT: {"type": "struct anon", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct unnamed_member", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct aligned", "owner": "main", "compressed": false, "pooled": false, "reason": "alignment or packing attribute at layout_anonymous_aligned.c:27:22"}
// EXPECT: {"type": "struct plain", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct anon {
    union { int i; float f; };
    struct anon *next;
};

struct unnamed_member {
    struct { short lo, hi; } range;
    struct unnamed_member *next;
};

struct aligned {
    _Alignas(16) int key;
    struct aligned *next;
};

struct plain {
    int key;
    struct plain *next;
};


int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct anon *a = NULL;
    struct unnamed_member *u = NULL;
    struct aligned *al = NULL;
    struct plain *p = NULL;
    for (int i = 0; i < n; i++) {
        struct anon *x = calloc(1, sizeof *x);
        x->i = i;
        x->next = a;
        a = x;
        struct unnamed_member *y = calloc(1, sizeof *y);
        y->range.lo = (short)i;
        y->range.hi = (short)(2 * i);
        y->next = u;
        u = y;
        struct aligned *z = calloc(1, sizeof *z);
        z->key = 3 * i;
        z->next = al;
        al = z;
        struct plain *w = calloc(1, sizeof *w);
        w->key = 4 * i;
        w->next = p;
        p = w;
    }
    long s = 0;
    for (; a; ) { struct anon *nx = a->next; s += a->i; free(a); a = nx; }
    for (; u; ) { struct unnamed_member *nx = u->next; s += u->range.lo + u->range.hi; free(u); u = nx; }
    for (; al; ) { struct aligned *nx = al->next; s += al->key; free(al); al = nx; }
    for (; p; ) { struct plain *nx = p->next; s += p->key; free(p); p = nx; }
    printf("%ld %d\n", s, (int)(_Alignof(struct aligned)));
    return 0;
}
