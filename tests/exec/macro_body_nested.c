/* Nested macros: an accessor defined through another (`#define LEFT(n) CHILD(n, left)`),
   accessors as each other's arguments (`KEY(LEFT(t))`), and an accessor inside the
   argument of the standard assert, which keeps its own text: only the invocation spelled
   in the file is expanded (LEFT inside assert(...), not assert). */
// EXPECT: {"type": "struct bnode", "owner": "main", "indexed": true, "compressed": true}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct bnode {
    int key;
    struct bnode *kid[2];
    struct bnode *up;
};

#define CHILD(n, i) ((n)->kid[i])
#define LEFT(n) CHILD(n, 0)
#define RIGHT(n) CHILD(n, 1)
#define KEY(n) ((n)->key)
#define UP(n) ((n)->up)
#define GRANDPARENT(n) UP(UP(n))

static struct bnode *build(struct bnode *parent, int depth, int *next) {
    struct bnode *n = malloc(sizeof *n);
    KEY(n) = (*next)++;
    UP(n) = parent;
    LEFT(n) = depth > 0 ? build(n, depth - 1, next) : NULL;
    RIGHT(n) = depth > 0 ? build(n, depth - 1, next) : NULL;
    return n;
}

static long walk(struct bnode *t, int depth) {
    if (!t)
        return 0;
    if (LEFT(t))
        assert(UP(LEFT(t)) == t);
    long here = (long)KEY(t) * depth;
    if (depth >= 2)
        here += KEY(GRANDPARENT(t));
    return here + walk(LEFT(t), depth + 1) + walk(RIGHT(t), depth + 1);
}

static void release(struct bnode *t) {
    if (!t)
        return;
    release(LEFT(t));
    release(RIGHT(t));
    free(t);
}

int main(void) {
    int next = 1;
    struct bnode *root = build(NULL, 9, &next);
    printf("nodes=%d walk=%ld leftmost=%d right-left=%d\n", next - 1, walk(root, 0),
           KEY(LEFT(LEFT(LEFT(root)))), KEY(LEFT(RIGHT(root))));
    release(root);
    return 0;
}
