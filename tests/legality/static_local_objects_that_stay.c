/* Static local objects linked with heap objects that cannot move into a pool: each
   structure stays unchanged, and the reason names the variable and the limit. */
// EXPECT: {"type": "struct vnode", "pooled": false, "reason": "the static local 'vsent' (static_local_objects_that_stay.c:14:34), which would move into a pool, is volatile"}
// EXPECT: {"type": "struct tnode", "pooled": false, "reason": "the static local 'tsent' (static_local_objects_that_stay.c:27:39), which would move into a pool, has one object per thread"}
// EXPECT: {"type": "struct anode", "pooled": false, "reason": "the static local 'asent' (static_local_objects_that_stay.c:40:25), which would move into a pool, has an attribute or alignment specifier at static_local_objects_that_stay.c:40:46"}
#include <stdio.h>
#include <stdlib.h>

struct vnode { struct vnode *next; int key; };
struct tnode { struct tnode *next; int key; };
struct anode { struct anode *next; int key; };

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
    return 0;
}
