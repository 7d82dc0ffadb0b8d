/*
 * bisort: adaptive bitonic sort (Bilardi & Nicolau) of 2^DEPTH random integers held in
 * a binary tree. The sequence is the in-order traversal of a complete tree with
 * 2^DEPTH - 1 nodes followed by one spare value kept outside the tree. Merging swaps
 * whole subtrees instead of moving elements one by one. The program sorts ascending,
 * checks, then sorts descending and checks again.
 *
 * usage: bisort DEPTH
 */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *left, *right;
};

static unsigned rng_state = 12345u;

static unsigned rng_next(void)
{
    /* 32-bit xorshift */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static struct node *new_node(int value)
{
    struct node *n = malloc(sizeof *n);
    if (n == NULL) {
        fprintf(stderr, "bisort: out of memory\n");
        exit(1);
    }
    n->value = value;
    n->left = n->right = NULL;
    return n;
}

/* Complete tree with `levels` levels; values are filled in pre-order. */
static struct node *build(int levels)
{
    struct node *n;

    if (levels == 0)
        return NULL;
    n = new_node((int)(rng_next() & 0x7fffffff));
    n->left = build(levels - 1);
    n->right = build(levels - 1);
    return n;
}

/* Out of order for direction `up`: 1 sorts ascending, 0 descending. */
static int out_of_order(int first, int second, int up)
{
    return up ? first > second : first < second;
}

/*
 * The sequence (in-order of t, then spare) is bitonic; sort it in direction `up` and
 * return the new spare value. The first half is t->left plus t, the second half
 * t->right plus the spare. Comparing element i of one half with element i of the other
 * needs only one walk down both subtrees: at each level the exchanges form a prefix or
 * suffix, so whole subtrees are swapped at once.
 */
static int merge(struct node *t, int spare, int up)
{
    struct node *a, *b;
    int swap_right, v;

    swap_right = out_of_order(t->value, spare, up);
    if (swap_right) {
        v = t->value;
        t->value = spare;
        spare = v;
    }
    a = t->left;
    b = t->right;
    while (a != NULL) {
        if (out_of_order(a->value, b->value, up)) {
            struct node *tmp;
            v = a->value;
            a->value = b->value;
            b->value = v;
            if (swap_right) {
                tmp = a->right;
                a->right = b->right;
                b->right = tmp;
                a = a->left;
                b = b->left;
            } else {
                tmp = a->left;
                a->left = b->left;
                b->left = tmp;
                a = a->right;
                b = b->right;
            }
        } else if (swap_right) {
            a = a->right;
            b = b->right;
        } else {
            a = a->left;
            b = b->left;
        }
    }
    if (t->left != NULL) {
        t->value = merge(t->left, t->value, up);
        spare = merge(t->right, spare, up);
    }
    return spare;
}

/* Sort the sequence (in-order of t, then spare) in direction `up`; returns the new
 * spare value. The spare is the element that follows the subtree: its parent's value,
 * or at the top an extra value kept by main. */
static int sort(struct node *t, int spare, int up)
{
    if (t->left == NULL) {
        if (out_of_order(t->value, spare, up)) {
            int v = t->value;
            t->value = spare;
            spare = v;
        }
        return spare;
    }
    t->value = sort(t->left, t->value, up);
    spare = sort(t->right, spare, !up);
    return merge(t, spare, up);
}

struct check {
    int have_prev, prev, up, ok;
    unsigned long long hash;
    long long count;
};

static void visit(struct check *c, int v)
{
    if (c->have_prev && out_of_order(c->prev, v, c->up))
        c->ok = 0;
    c->have_prev = 1;
    c->prev = v;
    c->hash = (c->hash ^ (unsigned)v) * 0x100000001B3ULL;
    c->count++;
}

static void check_inorder(const struct node *t, struct check *c)
{
    if (t == NULL)
        return;
    check_inorder(t->left, c);
    visit(c, t->value);
    check_inorder(t->right, c);
}

static int check_sorted(const struct node *root, int spare, int up, unsigned long long *hash)
{
    struct check c = {0, 0, up, 1, 0xCBF29CE484222325ULL, 0};
    check_inorder(root, &c);
    visit(&c, spare);
    *hash ^= c.hash + (unsigned long long)c.count;
    return c.ok;
}

int main(int argc, char **argv)
{
    int depth = argc > 1 ? atoi(argv[1]) : 12;
    struct node *root;
    int spare, ok_up, ok_down;
    unsigned long long hash = 0;

    if (depth < 1 || depth > 28) {
        fprintf(stderr, "usage: bisort DEPTH(1..28)\n");
        return 2;
    }
    root = build(depth);
    spare = (int)(rng_next() & 0x7fffffff);
    spare = sort(root, spare, 1);
    ok_up = check_sorted(root, spare, 1, &hash);
    spare = sort(root, spare, 0);
    ok_down = check_sorted(root, spare, 0, &hash);
    printf("bisort n=%lld ascending=%s descending=%s hash=%016llx\n", 1LL << depth,
           ok_up ? "ok" : "WRONG", ok_down ? "ok" : "WRONG", hash);
    return ok_up && ok_down ? 0 : 1;
}
