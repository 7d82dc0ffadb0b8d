/* An accessor macro whose argument is a call that holds another use of the same macro,
   `KEY(find(root, KEY(root)))`, in a printf and in an assert: the inner KEY is expanded
   on its own inside the call spelled in the file, and the outer expansion keeps the
   call's rewritten text (the clone, with the pool's base). The outer expansion used to be
   printed from the original call, naming the function `find` that the output no longer
   has, and the tree was left unchanged ("the rewritten code would not compile"). */
// EXPECT: {"type": "struct tnode", "owner": "main", "indexed": true, "compressed": true}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *left;
};

#define KEY(t) ((t)->key)
#define LEFT(t) ((t)->left)

static const struct tnode *find(const struct tnode *t, int key)
{
    while (t != NULL && KEY(t) != key)
        t = LEFT(t);
    return t;
}

int main(void)
{
    struct tnode *root = NULL;
    int i;
    for (i = 0; i < 50; i++) {
        struct tnode *n = malloc(sizeof *n);
        if (n == NULL)
            return 2;
        KEY(n) = i * 7 % 50;
        LEFT(n) = root;
        root = n;
    }
    assert(KEY(find(root, KEY(root))) == KEY(root));
    printf("%d\n", KEY(find(root, KEY(LEFT(root)))));
    printf("%d\n", KEY(find(LEFT(root), KEY(find(root, 21)))));
    while (root != NULL) {
        struct tnode *nx = LEFT(root);
        free(root);
        root = nx;
    }
    return 0;
}
