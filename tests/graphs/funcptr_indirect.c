/* An indirect call with two possible targets merges both targets' effects; a direct call to
   one of them does not. */
#include <stdlib.h>

struct obj {
    int v;
};

struct pair {
    struct obj *left;
    struct obj *right; /* offset 8 */
};

static struct obj *get_left(struct pair *p) {
    return p->left;
}

static struct obj *get_right(struct pair *p) {
    return p->right;
}

static struct pair *new_pair(void) {
    struct pair *p = malloc(sizeof *p); // @pair
    p->left = malloc(sizeof *p->left); // @left
    p->right = malloc(sizeof *p->right); // @right
    p->left->v = 1;
    p->right->v = 2;
    return p;
}

static int direct(void) {
    struct pair *dp = new_pair();
    struct obj *o = get_left(dp);
    return o->v;
}

static int indirect(int which) {
    struct pair *ip = new_pair();
    struct obj *(*get)(struct pair *) = which ? get_left : get_right;
    struct obj *o2 = get(ip);
    return o2->v;
}

int main(int argc, char **argv) {
    (void)argv;
    return direct() + indirect(argc > 1);
}
