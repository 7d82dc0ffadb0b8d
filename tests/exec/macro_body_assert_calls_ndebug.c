/* The program of macro_body_assert_calls.c built with -DNDEBUG: every assert expands to
   nothing, so the code of its arguments (calls, accessor macros) is not compiled and
   stays as written; the rest of the program is compressed as without NDEBUG. The
   result is the same. */
// EXPECT: {"type": "struct tnode", "owner": "main", "indexed": true, "compressed": true}
// CFLAGS: -DNDEBUG
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *left, *right;
};

#define LEFT(t) ((t)->left)
#define RIGHT(t) ((t)->right)
#define KEY(t) ((t)->key)
#define NEWT() ((struct tnode *)calloc(1, sizeof(struct tnode)))

static struct tnode *insert(struct tnode *t, int key)
{
    if (t == NULL) {
        t = NEWT();
        if (t == NULL)
            exit(2);
        KEY(t) = key;
        return t;
    }
    if (key < KEY(t))
        LEFT(t) = insert(LEFT(t), key);
    else
        RIGHT(t) = insert(RIGHT(t), key);
    return t;
}

static int count(const struct tnode *t)
{
    return t ? 1 + count(LEFT(t)) + count(RIGHT(t)) : 0;
}

static const struct tnode *find(const struct tnode *t, int key)
{
    while (t != NULL && KEY(t) != key)
        t = key < KEY(t) ? LEFT(t) : RIGHT(t);
    return t;
}

static void drop(struct tnode *t)
{
    if (t) {
        drop(LEFT(t));
        drop(RIGHT(t));
        free(t);
    }
}

int main(void)
{
    struct tnode *root = NULL;
    int i, found = 0;
    for (i = 0; i < 400; i++) {
        root = insert(root, i * 7919 % 1009);
        assert(count(root) == i + 1);
        assert(find(root, i * 7919 % 1009) != NULL);
        assert(LEFT(root) == NULL || KEY(LEFT(root)) < KEY(root));
    }
    for (i = 0; i < 1009; i++)
        found += find(root, i) != NULL;
    assert(KEY(find(root, KEY(root))) == KEY(root));
    printf("%d %d %d\n", count(root), found, KEY(root));
    drop(root);
    return 0;
}
