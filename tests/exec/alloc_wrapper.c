/* Allocation through a checking wrapper (`xmalloc(size_t)` calling malloc(n) and aborting
   on failure), the usual idiom in real programs. The size reaching malloc is not one of
   the recognised sizeof forms. The wrapper gets a version per pool whose
   size in bytes is divided by the original object size. */
// EXPECT: {"type": "struct wnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct wnode {
    int key;
    struct wnode *l, *r;
};

static void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (!p) {
        fputs("out of memory\n", stderr);
        abort();
    }
    return p;
}

static unsigned long long seed = 57;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct wnode *add(struct wnode *t, int key) {
    if (!t) {
        t = xmalloc(sizeof(struct wnode));
        t->key = key;
        t->l = t->r = NULL;
    } else if (key < t->key) {
        t->l = add(t->l, key);
    } else if (key > t->key) {
        t->r = add(t->r, key);
    }
    return t;
}

static long weigh(const struct wnode *t, int d) {
    return t ? (long)t->key * d + weigh(t->l, d + 1) + weigh(t->r, d + 1) : 0;
}

static void burn(struct wnode *t) {
    if (t) {
        burn(t->l);
        burn(t->r);
        free(t);
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5000;
    struct wnode *t = NULL;
    for (int i = 0; i < n; i++)
        t = add(t, (int)(lcg() % 20000));
    printf("weight=%ld root=%d\n", weigh(t, 1), t->key);
    burn(t);
    return 0;
}
