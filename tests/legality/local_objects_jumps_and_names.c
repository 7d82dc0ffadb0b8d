/* Locals that would move into a pool but would not be freed where the original's stack
   object ends (a longjmp leaves their function), would be allocated again (a longjmp
   may come back to a setjmp in their function: here the analysis, which does not tell
   jmp_bufs apart, sees a longjmp that may leave it), or whose frees would name another variable
   (their name is declared again inside the function): the structures stay unchanged. */
// EXPECT: {"type": "struct jnode", "pooled": false, "reason": "the local 'head' of sum (local_objects_jumps_and_names.c:31:18) would not be freed: a longjmp at local_objects_jumps_and_names.c:37:13 (in 'sum') may leave 'sum'"}
// EXPECT: {"type": "struct snode", "pooled": false, "reason": "the local 'head' of retry_sum (local_objects_jumps_and_names.c:52:18) would not be freed: a longjmp at local_objects_jumps_and_names.c:45:9 (in 'check') may leave 'retry_sum'"}
// EXPECT: {"type": "struct nnode", "pooled": false, "reason": "the local 'dummy' (local_objects_jumps_and_names.c:64:18), which would move into a pool, has its name declared again in the function at local_objects_jumps_and_names.c:70:13"}
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

struct jnode {
    int v;
    struct jnode *next;
};
struct snode {
    int v;
    struct snode *next;
};
struct nnode {
    int v;
    struct nnode *next;
};

static jmp_buf env, again;
static int limit = 3;

/* Left by a longjmp when a value is over the limit. */
static int sum(struct jnode *h) {
    struct jnode head;
    struct jnode *p = &head;
    head.next = h;
    int s = 0;
    while ((p = p->next)) {
        if (p->v > limit)
            longjmp(env, 1);
        s += p->v;
    }
    return s;
}

static void check(const struct snode *p, int attempt) {
    if (p->v == 3 && attempt < 2)
        longjmp(again, 1);
}

static long retry_sum(struct snode *h) {
    volatile int attempt = 0;
    if (setjmp(again))
        attempt++;
    struct snode head;
    struct snode *p = &head;
    long total = 0;
    head.next = h;
    while ((p = p->next)) {
        check(p, attempt);
        total += p->v;
    }
    return total + attempt;
}

static struct nnode *copy(const struct nnode *h) {
    struct nnode dummy;
    struct nnode *t = &dummy;
    dummy.next = NULL;
    for (; h; h = h->next) {
        if (h->v < 0) {
            struct nnode *res = dummy.next;
            int dummy = 2;
            printf("stopped, code %d\n", dummy);
            return res;
        }
        t->next = malloc(sizeof *t->next);
        if (!t->next)
            exit(2);
        t = t->next;
        t->v = h->v;
        t->next = NULL;
    }
    return dummy.next;
}

#define BUILD(T, list, n)                                                               \
    for (int i_ = (n); i_ >= 0; i_--) {                                                 \
        T *x_ = malloc(sizeof *x_);                                                     \
        if (!x_)                                                                        \
            exit(2);                                                                    \
        x_->v = i_ == 2 ? -1 : i_;                                                      \
        x_->next = (list);                                                              \
        (list) = x_;                                                                    \
    }
#define RELEASE(T, list)                                                                \
    while (list) {                                                                      \
        T *n_ = (list)->next;                                                           \
        free(list);                                                                     \
        (list) = n_;                                                                    \
    }

int main(void) {
    struct jnode *a = NULL;
    struct snode *b = NULL;
    struct nnode *c = NULL, *d;
    long fails = 0, total = 0;
    BUILD(struct jnode, a, 5);
    BUILD(struct snode, b, 5);
    BUILD(struct nnode, c, 5);
    for (int i = 0; i < 10; i++) {
        if (setjmp(env)) {
            fails++;
            continue;
        }
        total += sum(i % 2 ? a->next->next->next : a);
    }
    printf("%ld %ld %ld\n", fails, total, retry_sum(b));
    d = copy(c);
    for (struct nnode *p = d; p; p = p->next)
        printf("%d ", p->v);
    printf("\n");
    RELEASE(struct jnode, a);
    RELEASE(struct snode, b);
    RELEASE(struct nnode, c);
    RELEASE(struct nnode, d);
    return 0;
}
