/* A table of node pointers held in a global (`static struct node **table`), allocated with
   `malloc(n * sizeof(struct node *))`, filled by a recursive insert, walked by index and
   freed. The global becomes a pointer to an array of indices (`pc_idx32 *table`, its
   allocation sized in indices). Before, it kept its type `struct node **` while the clone
   of insert stored indices into it, and the self-check left the tree unchanged. The
   table itself is not pooled (its objects are pointers, not structs). */
// ARGS: 2500
// EXPECT: {"type": "struct node", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct node *", "pooled": true, "compressed": true, "todo": true}
// EXPECT: {"type": "struct node *", "pooled": false, "note": "its elements are 32-bit indices into pool P_node (the arrays get no pool; their allocations are sized for the indices)"}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *left, *right;
};

static struct node **table;
static int count;

static struct node *insert(struct node *t, int key) {
    if (t == NULL) {
        t = malloc(sizeof(struct node));
        t->key = key;
        t->left = t->right = NULL;
        table[count++] = t;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else
        t->right = insert(t->right, key);
    return t;
}

static int depth(const struct node *t) {
    if (t == NULL)
        return 0;
    int l = depth(t->left), r = depth(t->right);
    return 1 + (l > r ? l : r);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct node *root = NULL;
    table = malloc(n * sizeof(struct node *));
    unsigned x = 12345;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        root = insert(root, (int)(x >> 8) % 100000);
    }
    long sum = 0;
    for (int i = 0; i < count; i++)
        sum += (long)table[i]->key * (i % 13);
    printf("count=%d depth=%d sum=%ld\n", count, depth(root), sum);
    for (int i = 0; i < count; i++)
        free(table[i]);
    free(table);
    return 0;
}
