/* A global that would move into a pool named where ptrcomp does not rewrite code: in a
   function it leaves alone (sizeof alone), in a declaration's type (an array bound), at
   file scope, or declared again inside a function. Its name would be an index there, so
   the structure stays unchanged, located at the name. A local declared `__typeof__(c_nil)
   copy` is written again with its new type, so c_nil moves. */
// EXPECT: {"type": "struct anode", "pooled": false, "reason": "the global 'a_nil' (pooled_names_outside_code.c:35:21), which would move into a pool, is named at pooled_names_outside_code.c:43:44 in 'a_size', which ptrcomp does not otherwise rewrite"}
// EXPECT: {"type": "struct bnode", "pooled": false, "reason": "'b_nil', whose type changes, is named in a type or declaration at pooled_names_outside_code.c:68:25, which ptrcomp does not rewrite"}
// EXPECT: {"type": "struct cnode", "owner": "(global)", "compressed": true, "moved_into_pool": ["global 'c_nil' (pooled_names_outside_code.c:37:21)"]}
// EXPECT: {"type": "struct dnode", "pooled": false, "reason": "'d_nil', whose type changes, is named in a type or declaration at pooled_names_outside_code.c:40:37, which ptrcomp does not rewrite"}
// EXPECT: {"type": "struct enode", "pooled": false, "reason": "the global 'e_nil' (pooled_names_outside_code.c:39:21), which moves into a pool, is declared again inside a function"}
#include <stdio.h>
#include <stdlib.h>

struct anode {
    struct anode *next;
    int key;
};
struct bnode {
    struct bnode *next;
    int key;
};
struct cnode {
    struct cnode *next;
    int key;
};
struct dnode {
    struct dnode *next;
    int key;
};
struct enode {
    struct enode *next;
    int key;
};

static struct anode a_nil;
static struct bnode b_nil;
static struct cnode c_nil;
static struct dnode d_nil;
static struct enode e_nil;
static const size_t d_size = sizeof d_nil;

/* Not rewritten otherwise: `sizeof a_nil` would measure an int. */
static size_t a_size(void) { return sizeof a_nil; }

/* Each list starts at its sentinel: the sentinel is one of its nodes. */
#define BUILD(T, nil, n)                                                                \
    do {                                                                                \
        T *at_ = &(nil);                                                                \
        for (int i_ = 0; i_ < (n); i_++) {                                              \
            T *x_ = malloc(sizeof *x_);                                                 \
            if (!x_)                                                                    \
                exit(2);                                                                \
            x_->key = i_;                                                               \
            x_->next = NULL;                                                            \
            at_->next = x_;                                                             \
            at_ = x_;                                                                   \
        }                                                                               \
    } while (0)
#define SUM_AND_FREE(T, nil, s)                                                         \
    for (T *p_ = (nil).next; p_;) {                                                     \
        T *n_ = p_->next;                                                               \
        (s) += p_->key;                                                                 \
        free(p_);                                                                       \
        p_ = n_;                                                                        \
    }

static long b_run(void) {
    char scratch[sizeof b_nil];
    long s = (long)sizeof scratch;
    BUILD(struct bnode, b_nil, 4);
    SUM_AND_FREE(struct bnode, b_nil, s);
    return s;
}

static long c_run(void) {
    __typeof__(c_nil) copy;
    long s = 0;
    BUILD(struct cnode, c_nil, 5);
    copy = c_nil;
    s += copy.next->key;
    SUM_AND_FREE(struct cnode, c_nil, s);
    return s + (long)sizeof copy;
}

static long e_count(struct enode *p) {
    extern struct enode e_nil;
    long c = 0;
    for (; p && p != &e_nil; p = p->next)
        c++;
    return c;
}

int main(void) {
    long s = 0;
    BUILD(struct anode, a_nil, 3);
    SUM_AND_FREE(struct anode, a_nil, s);
    BUILD(struct dnode, d_nil, 2);
    SUM_AND_FREE(struct dnode, d_nil, s);
    BUILD(struct enode, e_nil, 6);
    s += e_count(e_nil.next);
    SUM_AND_FREE(struct enode, e_nil, s);
    printf("%ld %zu %ld %ld %zu\n", s, a_size(), b_run(), c_run(), d_size);
    return 0;
}
