/* A union of two pointers to the same struct inside a node (a tree node whose second
   pointer is the parent while it is in the tree and the next free node once it is on the
   free list): every member has one type, so every access agrees, and the union gets a
   layout of its own (`union link_pc32 { pc_idx32 parent; pc_idx32 next_free; }`); an
   anonymous union of the same kind is declared inline. */
// EXPECT: {"type": "struct tnode", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct tnode;

union link {
    struct tnode *parent;
    struct tnode *next_free;
};

struct tnode {
    int key;
    struct tnode *left, *right;
    union link up;
    union {
        struct tnode *succ;
        struct tnode *pred;
    };
};

static struct tnode *insert(struct tnode *root, struct tnode *n)
{
    struct tnode *p = NULL, *c = root;
    while (c) {
        p = c;
        c = n->key < c->key ? c->left : c->right;
    }
    n->up.parent = p;
    if (!p)
        return n;
    if (n->key < p->key)
        p->left = n;
    else
        p->right = n;
    return root;
}

static int depth(const struct tnode *n)
{
    int d = 0;
    while (n->up.parent) {
        n = n->up.parent;
        d++;
    }
    return d;
}

int main(void)
{
    struct tnode *root = NULL, *all[64];
    unsigned s = 7;
    for (int i = 0; i < 64; i++) {
        struct tnode *n = calloc(1, sizeof *n);
        s = s * 1103515245u + 12345u;
        n->key = (int)(s >> 16) % 500;
        all[i] = n;
        n->succ = i ? all[i - 1] : NULL;
        root = insert(root, n);
    }
    long sum = 0;
    for (int i = 0; i < 64; i++)
        sum += depth(all[i]) * (i + 1) + (all[i]->pred ? all[i]->pred->key : -1);
    /* the free list reuses the union */
    struct tnode *free_list = NULL;
    for (int i = 0; i < 64; i++) {
        all[i]->up.next_free = free_list;
        free_list = all[i];
    }
    int count = 0;
    while (free_list) {
        struct tnode *n = free_list;
        free_list = n->up.next_free;
        free(n);
        count++;
    }
    printf("%ld %d\n", sum, count);
    return 0;
}
