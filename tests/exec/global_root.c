/* Globals holding roots: a binary tree and a free counter reached only through global
   variables, manipulated by functions without parameters.
   It gets a global pool with 32-bit indices, and functions taking its nodes are renamed. */
// EXPECT: {"type": "struct gnode", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct gnode {
    int key;
    int count;
    struct gnode *left;
    struct gnode *right;
};

static struct gnode *root;
struct gnode *last_inserted;
static int nodes;

static unsigned long long seed = 17;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct gnode *insert(struct gnode *g, int key) {
    if (!g) {
        g = malloc(sizeof *g);
        g->key = key;
        g->count = 1;
        g->left = g->right = NULL;
        last_inserted = g;
        nodes++;
    } else if (key < g->key) {
        g->left = insert(g->left, key);
    } else if (key > g->key) {
        g->right = insert(g->right, key);
    } else {
        g->count++;
    }
    return g;
}

static void add(int key) {
    root = insert(root, key);
}

static long weigh(const struct gnode *g) {
    if (!g)
        return 0;
    return (long)g->key * g->count + weigh(g->left) + weigh(g->right);
}

static void clear(struct gnode *g) {
    if (!g)
        return;
    clear(g->left);
    clear(g->right);
    free(g);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5000;
    for (int i = 0; i < n; i++)
        add((int)(lcg() % 3000));
    printf("nodes=%d weight=%ld root=%d last=%d\n", nodes, weigh(root), root->key,
           last_inserted->key);
    clear(root);
    root = NULL;
    last_inserted = NULL;
    return 0;
}
