/* The hooks struct of hook_struct_reset.c, replaced by the user with init_hooks(&mine):
   a counting allocator that the program defines. The call through
   global_hooks.malloc_fn may then reach counting_malloc, which does more than calling
   malloc (it counts): the tree stays unchanged, and the reason names the target. */
// ARGS: 2000
// EXPECT: {"type": "struct tnode", "owner": "main", "pooled": false, "reason": "allocated through 'global_hooks.malloc_fn' at hook_counting.c:50:13, which may hold 'counting_malloc' (hook_counting.c:32:14)", "hooks": [{"hook": "global_hooks.malloc_fn", "targets": ["counting_malloc", "malloc"], "decision": "unchanged"}]}
#include <stdio.h>
#include <stdlib.h>

struct hooks {
    void *(*malloc_fn)(size_t);
    void (*free_fn)(void *);
    void *(*realloc_fn)(void *, size_t);
};

static struct hooks global_hooks = { malloc, free, realloc };

void init_hooks(const struct hooks *h) {
    if (!h) {
        global_hooks.malloc_fn = malloc;
        global_hooks.free_fn = free;
        global_hooks.realloc_fn = realloc;
        return;
    }
    global_hooks.malloc_fn = h->malloc_fn ? h->malloc_fn : malloc;
    global_hooks.free_fn = h->free_fn ? h->free_fn : free;
    global_hooks.realloc_fn = h->realloc_fn ? h->realloc_fn : realloc;
}

static unsigned long allocated, released;

static void *counting_malloc(size_t n) {
    allocated++;
    return malloc(n);
}

static void counting_free(void *p) {
    if (p)
        released++;
    free(p);
}

struct tnode {
    int key;
    struct tnode *left, *right;
};

static struct tnode *insert(struct tnode *t, int key) {
    if (!t) {
        t = global_hooks.malloc_fn(sizeof *t);
        if (!t)
            abort();
        t->key = key;
        t->left = t->right = NULL;
    } else if (key < t->key) {
        t->left = insert(t->left, key);
    } else if (key > t->key) {
        t->right = insert(t->right, key);
    }
    return t;
}

static int depth(const struct tnode *t) {
    if (!t)
        return 0;
    int l = depth(t->left), r = depth(t->right);
    return 1 + (l > r ? l : r);
}

static void burn(struct tnode *t) {
    if (t) {
        burn(t->left);
        burn(t->right);
        global_hooks.free_fn(t);
    }
}

static unsigned long long seed = 11;

static int next_key(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((seed >> 33) % 100000);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct hooks mine = { counting_malloc, counting_free, NULL };
    init_hooks(&mine);
    struct tnode *t = NULL;
    size_t len = 0, cap = 0;
    int *depths = NULL;
    for (int i = 0; i < n; i++) {
        t = insert(t, next_key());
        if (i % 100 == 0) {
            if (len == cap) {
                cap = cap ? 2 * cap : 4;
                depths = global_hooks.realloc_fn(depths, cap * sizeof *depths);
                if (!depths)
                    abort();
            }
            depths[len++] = depth(t);
        }
    }
    long s = 0;
    for (size_t i = 0; i < len; i++)
        s += depths[i] * (long)(i + 1);
    printf("depth=%d weighted=%ld\n", depth(t), s);
    global_hooks.free_fn(depths);
    burn(t);
    printf("allocated=%lu released=%lu\n", allocated, released);
    init_hooks(NULL);
    return 0;
}
