/* Each of four threads keeps its own tree in a _Thread_local root. The roots are global
   variables, so the trees share one pool, used by every thread at once: thread-safe. */
// ARGS: 4000
// EXPECT: {"type": "struct tnode", "owner": "(global)", "compressed": true, "threads": "safe"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct tnode {
    long key;
    struct tnode *left, *right;
};

static _Thread_local struct tnode *root;
static int count;

static struct tnode *insert(struct tnode *t, long key) {
    if (!t) {
        t = malloc(sizeof *t);
        t->key = key;
        t->left = t->right = NULL;
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else {
        t->right = insert(t->right, key);
    }
    return t;
}

static long sum_depths(struct tnode *t, long depth) {
    return t ? depth + sum_depths(t->left, depth + 1) + sum_depths(t->right, depth + 1) : 0;
}

static void release(struct tnode *t) {
    if (t) {
        release(t->left);
        release(t->right);
        free(t);
    }
}

static void *worker(void *arg) {
    long seed = *(long *)arg;
    for (int i = 0; i < count; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648L;
        root = insert(root, seed % 100000);
    }
    *(long *)arg = sum_depths(root, 0);
    release(root);
    root = NULL;
    return NULL;
}

int main(int argc, char **argv) {
    count = argc > 1 ? atoi(argv[1]) : 100;
    pthread_t t[4];
    long r[4];
    for (int k = 0; k < 4; k++) {
        r[k] = k + 1;
        if (pthread_create(&t[k], NULL, worker, &r[k]) != 0)
            return 1;
    }
    for (int k = 0; k < 4; k++)
        pthread_join(t[k], NULL);
    for (int k = 0; k < 4; k++)
        printf("%ld\n", r[k]);
    return 0;
}
