/* Macro uses that cannot be written as their expansion keep their structures unchanged,
   with the reason and the location: IF_BIG opens an `if` whose branches are written
   after its use (the statement does not end with the invocation), and VAL_NEXT expands
   to two arguments of a call (no whole expression). A third list, read through an
   ordinary accessor macro, is compressed. */
// EXPECT: {"type": "struct anode", "owner": "main", "pooled": false, "reason": "used inside a macro at macro_body_veto.c:43:5 (the macro's use is not a whole expression or statement"}
// EXPECT: {"type": "struct bnode", "owner": "main", "pooled": false, "reason": "used inside a macro at macro_body_veto.c:47:10 (the macro's use is not a whole expression or statement"}
// EXPECT: {"type": "struct cnode", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct anode {
    int val;
    struct anode *next;
};
struct bnode {
    int val;
    struct bnode *next;
};
struct cnode {
    int val;
    struct cnode *next;
};

#define IF_BIG(p) if ((p)->val > 2)
#define VAL_NEXT(p) (p)->val, !!(p)->next
#define CNEXT(p) ((p)->next)

static void show(int v, int more) { printf("%d%s", v, more ? " more\n" : " last\n"); }

int main(void) {
    struct anode *a = NULL;
    struct bnode *b = NULL;
    struct cnode *c = NULL;
    for (int i = 0; i < 6; i++) {
        struct anode *x = malloc(sizeof *x);
        struct bnode *y = malloc(sizeof *y);
        struct cnode *z = malloc(sizeof *z);
        x->val = y->val = z->val = i;
        x->next = a, y->next = b, z->next = c;
        a = x, b = y, c = z;
    }
    IF_BIG(a)
        a->val++;
    else
        a->val = -1;
    show(VAL_NEXT(b));
    long s = 0;
    for (struct cnode *p = c; p; p = CNEXT(p))
        s += p->val;
    printf("a=%d s=%ld\n", a->val, s);
    while (a) { struct anode *n = a->next; free(a); a = n; }
    while (b) { struct bnode *n = b->next; free(b); b = n; }
    while (c) { struct cnode *n = CNEXT(c); free(c); c = n; }
    return 0;
}
