/* Locals linked with heap nodes that cannot move into a pool: each structure stays
   unchanged, and the reason names the local and the limit. */
// EXPECT: {"type": "struct bnode", "pooled": false, "reason": "the local 'head' (local_objects_that_stay.c:52:26), which would move into a pool, is declared in a block that a case label enters"}
// EXPECT: {"type": "struct inode", "pooled": false, "reason": "the local 'first' (local_objects_that_stay.c:80:18), which would move into a pool, is initialised from a struct value"}
// EXPECT: {"type": "struct gnode", "pooled": false, "reason": "the local 'anchor' (local_objects_that_stay.c:93:18), which would move into a pool, is in a function with a goto"}
// EXPECT: {"type": "struct anode", "pooled": false, "reason": "the local 'heads' (local_objects_that_stay.c:110:18), which would move into a pool, is an array of more than one dimension or of variable length"}
#include <stdio.h>
#include <stdlib.h>

struct bnode {
    struct bnode *next;
    int key;
};
struct inode {
    struct inode *next;
    int key;
};
struct gnode {
    struct gnode *next;
    int key;
};
struct anode {
    struct anode *next;
    int key;
};

#define PUSH(T, at, k)                                                                  \
    do {                                                                                \
        T *n_ = malloc(sizeof *n_);                                                     \
        if (!n_)                                                                        \
            exit(2);                                                                    \
        n_->key = (k);                                                                  \
        n_->next = (at)->next;                                                          \
        (at)->next = n_;                                                                \
    } while (0)

/* A sum over heap nodes that starts at the local, then frees them. */
#define DRAIN(T, at, sum)                                                               \
    while ((at)->next) {                                                                \
        T *n_ = (at)->next;                                                             \
        (sum) += n_->key;                                                               \
        (at)->next = n_->next;                                                          \
        free(n_);                                                                       \
    }

/* A case label enters the block after the local's declaration. */
static long in_loop(int rounds) {
    long sum = 0;
    for (int r = 0; r < rounds; r++) {
        switch (r % 3) {
        case 0: {
            struct bnode head = {0};
            struct bnode *at = &head;
            for (int i = 0; i < 4; i++) {
                PUSH(struct bnode, at, r * 10 + i);
                at = at->next;
            }
            at = &head;
            DRAIN(struct bnode, at, sum);
        case 1:
            sum += r;
            break;
        }
        default:
            sum -= 1;
        }
    }
    return sum;
}

static struct inode first_of(int key) {
    struct inode f;
    f.next = NULL;
    f.key = key;
    return f;
}

static long initialised(void) {
    long sum = 0;
    struct inode first = first_of(100);
    struct inode *at = &first;
    for (int i = 0; i < 4; i++) {
        PUSH(struct inode, at, i);
        at = at->next;
    }
    at = &first;
    DRAIN(struct inode, at, sum);
    return sum + first.key;
}

static long with_goto(int n) {
    long sum = 0;
    struct gnode anchor;
    struct gnode *at = &anchor;
    anchor.next = NULL;
    if (n < 0)
        goto out;
    for (int i = 0; i < n; i++) {
        PUSH(struct gnode, at, i);
        at = at->next;
    }
    at = &anchor;
    DRAIN(struct gnode, at, sum);
out:
    return sum;
}

static long array_heads(void) {
    long sum = 0;
    struct anode heads[2][1] = {{{NULL, 0}}, {{NULL, 0}}};
    for (int i = 0; i < 6; i++) {
        struct anode *at = &heads[i % 2][0];
        while (at->next)
            at = at->next;
        PUSH(struct anode, at, i);
    }
    for (int b = 0; b < 2; b++) {
        struct anode *at = heads[b];
        DRAIN(struct anode, at, sum);
    }
    return sum;
}

int main(void) {
    printf("%ld %ld %ld %ld\n", in_loop(3), initialised(), with_goto(5), array_heads());
    return 0;
}
