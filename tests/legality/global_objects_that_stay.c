/* Global objects linked with heap objects that cannot move into a pool: each structure
   stays unchanged, and the reason names the variable and the limit. */
// EXPECT: {"type": "struct inode", "pooled": false, "reason": "global 'first' (global_objects_that_stay.c:32:21), which would move into a pool, is initialised with a value that a macro writes at global_objects_that_stay.c:32:29"}
// EXPECT: {"type": "struct anode", "pooled": false, "reason": "the address of the whole array 'slots' (global_objects_that_stay.c:33:21), which would live in a pool, is taken at global_objects_that_stay.c:78:32"}
// EXPECT: {"type": "struct snode", "pooled": false, "reason": "the static local 'anchor' (global_objects_that_stay.c:44:25), which would move into a pool, is declared together with other variables"}
// EXPECT: {"type": "struct vnode", "pooled": false, "reason": "global 'vsent' (global_objects_that_stay.c:34:30), which would move into a pool, is volatile"}
#include <stdio.h>
#include <stdlib.h>

struct inode {
    struct inode *next;
    int key;
    const int *weight;
};
struct anode {
    struct anode *next;
    int key;
};
struct snode {
    struct snode *next;
    int key;
};
struct vnode {
    struct vnode *next;
    int key;
};

/* A sentinel whose initializer a macro writes: its image would need the macro's address
   of another global. */
static const int first_weight = 3;
#define FIRST {NULL, -1, &first_weight}
static struct inode first = FIRST;
static struct anode slots[2];
static volatile struct vnode vsent;

static int count_i(const struct inode *n) {
    int c = 0;
    for (; n; n = n->next)
        c += n->key;
    return c;
}

static struct snode *chain(int n) {
    static struct snode anchor, spare;
    (void)spare.next;
    struct snode *last = &anchor;
    for (int i = 0; i < n; i++) {
        struct snode *s = malloc(sizeof *s);
        s->key = i;
        s->next = NULL;
        last->next = s;
        last = s;
    }
    return &anchor;
}

int main(void) {
    for (int i = 0; i < 3; i++) {
        struct inode *n = malloc(sizeof *n);
        n->key = i;
        n->next = first.next;
        first.next = n;
        struct anode *a = malloc(sizeof *a);
        a->key = i;
        a->next = NULL;
        struct anode *end = &slots[i % 2];
        while (end->next)
            end = end->next;
        end->next = a;
        struct vnode *v = malloc(sizeof *v);
        v->key = i;
        v->next = NULL;
        volatile struct vnode *vend = &vsent;
        while (vend->next)
            vend = vend->next;
        vend->next = v;
    }
    struct anode (*whole)[2] = &slots;
    printf("%d %d\n", count_i(&first), (*whole)[1].next->key);
    struct snode *s = chain(4);
    int t = 0;
    for (struct snode *p = s->next; p; p = p->next)
        t += p->key;
    printf("%d %d\n", t, *first.weight + first.key);
    while (first.next) {
        struct inode *n = first.next;
        first.next = n->next;
        free(n);
    }
    for (int i = 0; i < 2; i++)
        while (slots[i].next) {
            struct anode *a = slots[i].next;
            slots[i].next = a->next;
            free(a);
        }
    while (vsent.next) {
        struct vnode *v = vsent.next;
        vsent.next = v->next;
        free(v);
    }
    while (s->next) {
        struct snode *p = s->next;
        s->next = p->next;
        free(p);
    }
    return 0;
}
