/* Static local objects linked with heap objects that cannot move into a pool: each
   structure stays unchanged, and the reason names the variable and the limit. */
// EXPECT: {"type": "struct cnode", "pooled": false, "reason": "the static local 'chead' (static_local_objects_that_stay.c:19:25), which would move into a pool, has values that ptrcomp cannot write for the pool (is initialised with a value that names what its function declares, or that a macro writes, at static_local_objects_that_stay.c:19:35)"}
// EXPECT: {"type": "struct vnode", "pooled": false, "reason": "the static local 'vsent' (static_local_objects_that_stay.c:30:34), which would move into a pool, is volatile"}
// EXPECT: {"type": "struct tnode", "pooled": false, "reason": "the static local 'tsent' (static_local_objects_that_stay.c:43:39), which would move into a pool, has one object per thread"}
// EXPECT: {"type": "struct anode", "pooled": false, "reason": "the static local 'asent' (static_local_objects_that_stay.c:56:25), which would move into a pool, has an attribute or alignment specifier at static_local_objects_that_stay.c:56:46"}
#include <stdio.h>
#include <stdlib.h>

struct vnode { struct vnode *next; int key; };
struct tnode { struct tnode *next; int key; };
struct anode { struct anode *next; int key; };
struct cnode { int *count; struct cnode *next; };

/* The image is written at the end of the file, where `count` is the file's. */
static int count = 100;
static int csum(void) {
    static int count = 0;
    static struct cnode chead = { &count, &chead };
    struct cnode *c = malloc(sizeof *c);
    if (!c) exit(1);
    c->count = &count;
    c->next = chead.next; chead.next = c;
    int s = 0;
    for (struct cnode *p = chead.next; p != &chead; p = p->next) s += ++*p->count;
    return s + *chead.count;
}

static int vsum(int n) {
    static volatile struct vnode vsent;
    struct vnode *h = (struct vnode *)&vsent;
    for (int i = 0; i < n; i++) {
        struct vnode *v = malloc(sizeof *v);
        if (!v) exit(1);
        v->key = i; v->next = h; h = v;
    }
    int s = 0;
    while (h != (struct vnode *)&vsent) { struct vnode *v = h->next; s += h->key; free(h); h = v; }
    return s;
}

static int tsum(int n) {
    static _Thread_local struct tnode tsent;
    struct tnode *h = &tsent;
    for (int i = 0; i < n; i++) {
        struct tnode *t = malloc(sizeof *t);
        if (!t) exit(1);
        t->key = 2 * i; t->next = h; h = t;
    }
    int s = 0;
    while (h != &tsent) { struct tnode *t = h->next; s += h->key; free(h); h = t; }
    return s;
}

static int asum(int n) {
    static struct anode asent __attribute__((aligned(64)));
    struct anode *h = &asent;
    for (int i = 0; i < n; i++) {
        struct anode *a = malloc(sizeof *a);
        if (!a) exit(1);
        a->key = 3 * i; a->next = h; h = a;
    }
    int s = 0;
    while (h != &asent) { struct anode *a = h->next; s += h->key; free(h); h = a; }
    return s;
}

int main(void) {
    printf("%d %d %d\n", vsum(10), tsum(10), asum(10));
    printf("%d %d %d\n", csum(), csum(), count);
    return 0;
}
