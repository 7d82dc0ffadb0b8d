/* Two structures of two types, each compressed on its own: the self-check tests inject a
   fault into the rewritten accesses of one and expect only that one left unchanged. */
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int value;
    struct cell *next;
};

struct leaf {
    int key;
    struct leaf *left, *right;
};

static struct leaf *insert(struct leaf *t, int key) {
    if (!t) {
        t = calloc(1, sizeof *t);
        t->key = key;
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else {
        t->right = insert(t->right, key);
    }
    return t;
}

static int height(const struct leaf *t) {
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void drop(struct leaf *t) {
    if (t) {
        drop(t->left);
        drop(t->right);
        free(t);
    }
}

int main(void) {
    struct cell *list = NULL;
    for (int i = 0; i < 100; i++) {
        struct cell *c = malloc(sizeof *c);
        c->value = i * 7 % 13;
        c->next = list;
        list = c;
    }
    struct leaf *root = NULL;
    unsigned x = 7;
    for (int i = 0; i < 200; i++) {
        x = x * 1103515245u + 12345u;
        root = insert(root, (int)(x >> 16) % 500);
    }
    long sum = 0;
    while (list) {
        struct cell *n = list->next;
        sum += list->value;
        free(list);
        list = n;
    }
    printf("%ld %d\n", sum, height(root));
    drop(root);
    return 0;
}
