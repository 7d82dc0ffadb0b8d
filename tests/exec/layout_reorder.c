/* Compressed layouts declare their members by decreasing alignment when that removes
   padding and nothing in the program can tell: a list node {char; ptr; int; char} takes
   24 bytes, 16 compressed in source order, 12 reordered; a tree node {char; ptr; double;
   int; ptr; char} 48, 32 and 24. Whole-node memset, struct copies inside a pool and a
   fully designated initializer of a local node do not show the order. A node already in
   its best order keeps it. The values printed depend on every member. */
// ARGS: 400
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "index_bits": 32, "layout": "struct node_pc32", "size_before": 24, "size_after": 12, "reordered": true, "order_kept_because": null}
// EXPECT: {"type": "struct tree", "owner": "main", "compressed": true, "index_bits": 32, "layout": "struct tree_pc32", "size_before": 48, "size_after": 24, "reordered": true}
// EXPECT: {"type": "struct plain", "owner": "main", "compressed": true, "layout": "struct plain_pc32", "size_before": 16, "size_after": 8, "reordered": false, "order_kept_because": null}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    char c;
    struct node *next;
    int v;
    char d;
};

struct tree {
    char tag;
    struct tree *left;
    double w;
    int key;
    struct tree *right;
    char mark;
};

struct plain {
    struct plain *next;
    int v;
};

static struct node *push(struct node *head, int i) {
    struct node *x = malloc(sizeof *x);
    memset(x, 0, sizeof *x);
    x->c = (char)('a' + i % 26);
    x->v = i * 7 - 300;
    x->d = (char)('A' + (i * 3) % 26);
    x->next = head;
    return x;
}

static long long sum_list(const struct node *p) {
    long long s = 0;
    for (; p; p = p->next)
        s = (s * 31 + p->c * 1000003LL + p->v * 17LL + p->d) % 1000000007LL;
    return s;
}

static struct tree *insert(struct tree *t, int key, int i) {
    if (!t) {
        struct tree *n = malloc(sizeof(struct tree));
        n->tag = (char)(i % 100);
        n->left = n->right = NULL;
        n->w = key * 0.5 + i;
        n->key = key;
        n->mark = (char)(key % 7);
        return n;
    }
    if (key < t->key)
        t->left = insert(t->left, key, i);
    else
        t->right = insert(t->right, key, i);
    return t;
}

static double walk(const struct tree *t, int depth) {
    if (!t)
        return 0;
    return walk(t->left, depth + 1) + t->w * depth + t->tag * 3 + t->mark +
           t->key % 13 + walk(t->right, depth + 1);
}

static void destroy(struct tree *t) {
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct node *head = NULL;
    for (int i = 0; i < n; i++)
        head = push(head, i);
    // A copy of a node into another node of the same list.
    if (head && head->next) {
        struct node *second = head->next;
        struct node *keep = second->next;
        *second = *head;
        second->next = keep;
        second->v += 5;
    }
    struct node probe = {.d = 'z', .c = 'y', .v = 42};
    printf("list %lld probe %c%d%c\n", sum_list(head), probe.c, probe.v, probe.d);

    struct tree *root = NULL;
    unsigned seed = 12345;
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        root = insert(root, (int)(seed >> 16) % 10007, i);
    }
    printf("tree %.1f\n", walk(root, 1));

    struct plain *ph = NULL;
    for (int i = 0; i < n; i++) {
        struct plain *q = malloc(sizeof *q);
        q->v = i * i % 1009;
        q->next = ph;
        ph = q;
    }
    long long ps = 0;
    for (struct plain *q = ph; q; q = q->next)
        ps += q->v;
    printf("plain %lld\n", ps);

    while (ph) {
        struct plain *q = ph->next;
        free(ph);
        ph = q;
    }
    destroy(root);
    while (head) {
        struct node *x = head->next;
        free(head);
        head = x;
    }
    return 0;
}
