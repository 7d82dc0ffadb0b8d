/* The values of static locals that move into pools are written in the pool's image, at
   the end of the file, as they mean in their function: a local enumerator (a red-black
   tree's BLACK, a CAP that hides the file's), `sizeof` of a struct the function declares,
   `__func__`; and an array of arrays of list heads keeps both dimensions. */
// EXPECT: {"type": "struct cell", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct rb", "owner": "(global)", "compressed": true, "moved_into_pool": ["static local 'nil' of rb_insert (static_local_values.c:19:22)"]}
// EXPECT: {"type": "struct named", "owner": "(global)", "compressed": true, "moved_into_pool": ["static local 'head' of named_add (static_local_values.c:56:25)"]}
// EXPECT: {"type": "struct capped", "owner": "(global)", "compressed": true, "moved_into_pool": ["static local 's' of capped_add (static_local_values.c:74:26)"]}
// EXPECT: {"type": "struct sized", "owner": "(global)", "compressed": true, "moved_into_pool": ["static local 's' of sized_add (static_local_values.c:87:25)"]}
#include <stdio.h>
#include <stdlib.h>

enum { CAP = 3 };
struct tmp { char c[3]; };

struct rb { int color; struct rb *left, *right; int key; };
static struct rb *rb_insert(struct rb *root, int key) {
    enum { RED, BLACK };
    static struct rb nil = { BLACK, &nil, &nil, -1 };
    if (!root)
        root = &nil;
    struct rb *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->color = RED;
    n->left = n->right = &nil;
    n->key = key;
    if (root == &nil)
        return n;
    struct rb *p = root;
    for (;;) {
        struct rb **next = key < p->key ? &p->left : &p->right;
        if (*next == &nil) {
            *next = n;
            break;
        }
        p = *next;
    }
    return root;
}
static int rb_walk(const struct rb *t, int depth) {
    if (t->left == t)
        return t->color * 1000 + t->key;
    return rb_walk(t->left, depth + 1) + t->key * depth + rb_walk(t->right, depth + 1);
}
static void rb_free(struct rb *t) {
    if (t->left == t)
        return;
    rb_free(t->left);
    rb_free(t->right);
    free(t);
}

struct named { const char *fn; struct named *next; int v; };
static int named_add(int v) {
    static struct named head = { __func__, &head, (int)7 };
    struct named *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->fn = "x";
    n->v = v;
    n->next = head.next;
    head.next = n;
    int s = 0;
    for (struct named *p = head.next; p != &head; p = p->next)
        s += p->v;
    printf("%s %d %d\n", head.fn, head.v, s);
    return s;
}

struct capped { int cap; struct capped *next; };
static int capped_add(int k) {
    enum { CAP = 10 };
    static struct capped s = { CAP, &s };
    struct capped *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->cap = k;
    n->next = s.next;
    s.next = n;
    return s.cap + s.next->cap;
}

struct sized { int sz; struct sized *next; };
static int sized_add(int k) {
    struct tmp { char c[40]; };
    static struct sized s = { sizeof(struct tmp), &s };
    struct sized *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->sz = k;
    n->next = s.next;
    s.next = n;
    return s.sz + s.next->sz;
}

struct cell { int v; struct cell *next; };
static struct cell *grid_add(int r, int c, int v) {
    static struct cell grid[2][3];
    struct cell *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->v = v;
    n->next = grid[r][c].next;
    grid[r][c].next = n;
    return &grid[r][c];
}

int main(void) {
    struct rb *root = NULL;
    int keys[] = {5, 3, 8, 1, 4, 9, 7};
    for (int i = 0; i < 7; i++)
        root = rb_insert(root, keys[i]);
    printf("rb %d\n", rb_walk(root, 1));
    rb_free(root);
    named_add(1);
    named_add(2);
    printf("capped %d %d %d\n", capped_add(1), capped_add(2), CAP);
    printf("sized %d %d\n", sized_add(1), (int)sizeof(struct tmp));
    for (int i = 0; i < 12; i++)
        grid_add(i % 2, i % 3, i);
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 3; c++) {
            int s = 0;
            for (const struct cell *p = grid_add(r, c, 100)->next; p; p = p->next)
                s += p->v;
            printf("%d ", s);
        }
    printf("\n");
    return 0;
}
