/* klib's kavl iterator: a stack of node pointers inside the iterator and a member that
   moves along it, starting one element before it (`top = stack - 1`). The iterator is
   not collapsed, and `top` is a slot pointer: its node of its own holds what the stack
   holds, apart from the iterator. */
#include <stdlib.h>

struct node {
    int key;
    struct node *left, *right;
};

struct itr {
    const struct node *stack[16], **top;
};

static void first(const struct node *root, struct itr *it) {
    const struct node *p;
    for (it->top = it->stack - 1, p = root; p; p = p->left) // @first
        *++it->top = p;
}

static int next(struct itr *it) {
    const struct node *p;
    for (p = (*it->top)->right, --it->top; p; p = p->left)
        *++it->top = p;
    return it->top >= it->stack;
}

int main(void) {
    struct node *root = calloc(1, sizeof *root); // @main
    struct itr it;
    first(root, &it);
    int n = it.top - it.stack;
    while (next(&it))
        n++;
    free(root);
    return n;
}
