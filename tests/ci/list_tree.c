/* A list and a tree, each built and walked by its own functions: both are compressed.
   Used by the CI-integration tests (expectations, configuration, pragmas). */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

struct tree {
    int key;
    struct tree *left, *right;
};

static struct node *push(struct node *head, int value) {
    struct node *n = malloc(sizeof *n);
    n->value = value;
    n->next = head;
    return n;
}

static struct tree *build_tree(int depth, int key) {
    if (depth == 0)
        return NULL;
    struct tree *t = malloc(sizeof *t);
    t->key = key;
    t->left = build_tree(depth - 1, 2 * key);
    t->right = build_tree(depth - 1, 2 * key + 1);
    return t;
}

static long sum_tree(const struct tree *t) {
    return t ? t->key + sum_tree(t->left) + sum_tree(t->right) : 0;
}

static void free_tree(struct tree *t);

int main(void) {
    struct node *list = NULL;
    for (int i = 0; i < 100; ++i)
        list = push(list, i);
    long s = 0;
    for (struct node *n = list; n; n = n->next)
        s += n->value;
    struct tree *t = build_tree(8, 1);
    printf("%ld %ld\n", s, sum_tree(t));
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    free_tree(t);
    return 0;
}

static void free_tree(struct tree *t) {
    if (t) {
        free_tree(t->left);
        free_tree(t->right);
        free(t);
    }
}
