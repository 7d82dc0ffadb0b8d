/* An in-order iterator of a binary tree that lives on the stack, in the style of klib's
   kavl: a stack of node pointers inside the iterator and a member `top` that moves along
   it (`*top++ = p`, `*--top`), compared with it and subtracted from it. The stack
   becomes an array of indices and `top` a pointer to them; the tree is compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *left, *right;
};

struct itr {
    const struct node *stack[64], **top;
    int steps;
};

static struct node *insert(struct node *t, int key) {
    if (!t) {
        t = calloc(1, sizeof *t);
        if (!t)
            exit(3);
        t->key = key;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else
        t->right = insert(t->right, key);
    return t;
}

static void itr_first(const struct node *root, struct itr *it) {
    const struct node *p;
    it->steps = 0;
    for (it->top = it->stack, p = root; p; p = p->left)
        *it->top++ = p;
}

static int itr_valid(const struct itr *it) {
    return it->top > it->stack;
}

static const struct node *itr_at(const struct itr *it) {
    return *(it->top - 1);
}

static void itr_next(struct itr *it) {
    const struct node *p = (*--it->top)->right;
    for (; p; p = p->left)
        *it->top++ = p;
    it->steps++;
}

/* How deep the iterator's stack is now. */
static long itr_depth(const struct itr *it) {
    return it->top - it->stack;
}

static void drop(struct node *t) {
    if (t) {
        drop(t->left);
        drop(t->right);
        free(t);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 200;
    struct node *root = NULL;
    unsigned x = 7;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        root = insert(root, (int)(x >> 16) % 1000);
    }
    struct itr it, copy;
    long sum = 0, deepest = 0;
    int last = -1, sorted = 1;
    for (itr_first(root, &it); itr_valid(&it); itr_next(&it)) {
        const struct node *p = itr_at(&it);
        sorted &= p->key >= last;
        last = p->key;
        sum += p->key;
        if (itr_depth(&it) > deepest)
            deepest = itr_depth(&it);
    }
    itr_first(root, &copy);
    for (int k = 0; k < 10 && itr_valid(&copy); k++)
        itr_next(&copy);
    printf("sum %ld, sorted %d, steps %d, deepest %ld, 11th %d\n", sum, sorted, it.steps,
           deepest, itr_valid(&copy) ? itr_at(&copy)->key : -1);
    drop(root);
    return 0;
}
