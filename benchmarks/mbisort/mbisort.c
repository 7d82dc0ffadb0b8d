/*
 * mbisort: adaptive bitonic sort (Bilardi & Nicolau) of 2^DEPTH records held in a binary
 * tree, in the macro-heavy style of classic C: the records' fields and the tree's links
 * are reached through accessor macros, and every exchange the merge makes (two records,
 * two subtrees, a record with the spare one) is a statement macro.
 *
 * A record is a key and a tag. The sequence is the in-order traversal of a complete tree
 * of 2^DEPTH - 1 nodes followed by a spare record kept outside the tree. Sorting swaps
 * whole subtrees instead of moving records one by one. The program sorts by key
 * ascending, checks and hashes, sorts descending, checks and hashes again, PASSES times
 * with fresh keys.
 *
 * usage: mbisort DEPTH [PASSES]
 */
#include <stdio.h>
#include <stdlib.h>

struct record {
    int key;
    unsigned tag;
};

struct tnode {
    struct record rec;
    struct tnode *left, *right;
};

#define REC(n) ((n)->rec)
#define KEY(n) (REC(n).key)
#define TAG(n) (REC(n).tag)
#define LEFT(n) ((n)->left)
#define RIGHT(n) ((n)->right)
#define IS_LEAF(n) (LEFT(n) == NULL)

/* exchanges */
#define SWAP_REC(a, b)                          \
    do {                                        \
        struct record swap_r_ = (a);            \
        (a) = (b);                              \
        (b) = swap_r_;                          \
    } while (0)
#define SWAP_NODE_RECS(p, q) SWAP_REC(REC(p), REC(q))
#define SWAP_LINK(p, q, LINK)                   \
    do {                                        \
        struct tnode *swap_t_ = LINK(p);        \
        LINK(p) = LINK(q);                      \
        LINK(q) = swap_t_;                      \
    } while (0)
/* out of order for direction dir (0: ascending, 1: descending) */
#define OUT_OF_ORDER(a, b, dir) ((((a).key > (b).key) || ((a).key == (b).key && (a).tag > (b).tag)) ^ (dir))

#define NEW_NODE(n)                                           \
    do {                                                      \
        (n) = (struct tnode *)malloc(sizeof(struct tnode));   \
        if ((n) == NULL) {                                    \
            fprintf(stderr, "mbisort: out of memory\n");      \
            exit(1);                                          \
        }                                                     \
        LEFT(n) = RIGHT(n) = NULL;                            \
    } while (0)

static unsigned rng_state = 2463534242u;

static unsigned rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static unsigned next_tag;

static struct record fresh_record(void)
{
    struct record r;
    r.key = (int)(rng_next() % 1000000u);
    r.tag = next_tag++;
    return r;
}

static struct tnode *build(int levels)
{
    struct tnode *n;

    if (levels == 0)
        return NULL;
    NEW_NODE(n);
    LEFT(n) = build(levels - 1);
    REC(n) = fresh_record();
    RIGHT(n) = build(levels - 1);
    return n;
}

static void refill(struct tnode *n)
{
    if (n == NULL)
        return;
    refill(LEFT(n));
    REC(n) = fresh_record();
    refill(RIGHT(n));
}

/* Merge the bitonic sequence (subtree of root, then spare) in direction dir; the spare
 * record comes back. */
static struct record bimerge(struct tnode *root, struct record spare, int dir)
{
    int right_exchange = OUT_OF_ORDER(REC(root), spare, dir);
    struct tnode *pl, *pr;

    if (right_exchange)
        SWAP_REC(REC(root), spare);
    pl = LEFT(root);
    pr = RIGHT(root);
    while (pl != NULL) {
        int element_exchange = OUT_OF_ORDER(REC(pl), REC(pr), dir);
        if (right_exchange) {
            if (element_exchange) {
                SWAP_NODE_RECS(pl, pr);
                SWAP_LINK(pl, pr, RIGHT);
                pl = LEFT(pl);
                pr = LEFT(pr);
            } else {
                pl = RIGHT(pl);
                pr = RIGHT(pr);
            }
        } else {
            if (element_exchange) {
                SWAP_NODE_RECS(pl, pr);
                SWAP_LINK(pl, pr, LEFT);
                pl = RIGHT(pl);
                pr = RIGHT(pr);
            } else {
                pl = LEFT(pl);
                pr = LEFT(pr);
            }
        }
    }
    if (!IS_LEAF(root)) {
        REC(root) = bimerge(LEFT(root), REC(root), dir);
        spare = bimerge(RIGHT(root), spare, dir);
    }
    return spare;
}

static struct record bisort(struct tnode *root, struct record spare, int dir)
{
    if (IS_LEAF(root)) {
        if (OUT_OF_ORDER(REC(root), spare, dir))
            SWAP_REC(REC(root), spare);
    } else {
        REC(root) = bisort(LEFT(root), REC(root), dir);
        spare = bisort(RIGHT(root), spare, !dir);
        spare = bimerge(root, spare, dir);
    }
    return spare;
}

struct walk {
    struct record prev;
    int have_prev;
    long disorder;
    unsigned long long hash;
};

static void check_walk(const struct tnode *n, int dir, struct walk *w)
{
    if (n == NULL)
        return;
    check_walk(LEFT(n), dir, w);
    if (w->have_prev && OUT_OF_ORDER(w->prev, REC(n), dir))
        w->disorder++;
    w->prev = REC(n);
    w->have_prev = 1;
    w->hash = (w->hash ^ (unsigned)KEY(n)) * 1099511628211ULL + TAG(n);
    check_walk(RIGHT(n), dir, w);
}

static void free_tree(struct tnode *n)
{
    if (n == NULL)
        return;
    free_tree(LEFT(n));
    free_tree(RIGHT(n));
    free(n);
}

int main(int argc, char **argv)
{
    int depth = argc > 1 ? atoi(argv[1]) : 12;
    int passes = argc > 2 ? atoi(argv[2]) : 1;
    struct tnode *root;
    struct record spare;
    unsigned long long hash = 14695981039346656037ULL;
    long disorder = 0;
    int p, dir;

    if (depth < 1 || depth > 28 || passes < 1) {
        fprintf(stderr, "usage: mbisort DEPTH(1..28) [PASSES(>=1)]\n");
        return 2;
    }
    root = build(depth);
    for (p = 0; p < passes; p++) {
        if (p > 0)
            refill(root);
        spare = fresh_record();
        for (dir = 0; dir <= 1; dir++) {
            struct walk w;
            spare = bisort(root, spare, dir);
            w.have_prev = 0;
            w.disorder = 0;
            w.hash = hash;
            w.prev = spare; /* not compared: have_prev is 0 */
            check_walk(root, dir, &w);
            if (OUT_OF_ORDER(w.prev, spare, dir))
                w.disorder++;
            disorder += w.disorder;
            hash = (w.hash ^ (unsigned)spare.key) * 1099511628211ULL + spare.tag;
        }
    }
    printf("mbisort n=%lld passes=%d disorder=%ld hash=%016llx\n", 1LL << depth, passes,
           disorder, hash);
    free_tree(root);
    return 0;
}
