/* An in-order iterator over a binary tree, kept in a local struct (the shape of klib's
   kavl/krmq iterators): an array of node pointers used as a stack and a pointer `top`
   into that array. `top` only moves along the stack and is read through: it becomes a
   pointer to the iterator's array of indices, and the tree is compressed. (It used to
   make the iterator and the nodes one structure, which stayed unchanged.) */
// EXPECT: {"type": "struct tnode", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    int key;
    struct tnode *kid[2];
};

struct titer {
    const struct tnode *stack[64];
    const struct tnode **top;
};

static struct tnode *insert(struct tnode *t, struct tnode *n)
{
    if (t == NULL)
        return n;
    int d = n->key > t->key;
    t->kid[d] = insert(t->kid[d], n);
    return t;
}

static void push_left(struct titer *it, const struct tnode *p)
{
    for (; p != NULL; p = p->kid[0])
        *it->top++ = p;
}

static const struct tnode *iter_next(struct titer *it)
{
    if (it->top == it->stack)
        return NULL;
    const struct tnode *p = *--it->top;
    push_left(it, p->kid[1]);
    return p;
}

static void free_tree(struct tnode *t)
{
    if (t == NULL)
        return;
    free_tree(t->kid[0]);
    free_tree(t->kid[1]);
    free(t);
}

int main(void)
{
    struct tnode *root = NULL;
    for (int i = 0; i < 40; i++) {
        struct tnode *n = calloc(1, sizeof *n);
        if (n == NULL)
            return 2;
        n->key = i * 17 % 40;
        root = insert(root, n);
    }
    struct titer it;
    it.top = it.stack;
    push_left(&it, root);
    long order = 0;
    for (const struct tnode *p; (p = iter_next(&it)) != NULL;)
        order = order * 3 % 1000003 + p->key;
    printf("%ld\n", order);
    free_tree(root);
    return 0;
}
