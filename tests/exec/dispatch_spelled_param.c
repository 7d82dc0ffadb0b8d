/* A parameter whose function type is spelled out in a function's prototype as well as in
   its definition: ptrcomp does not retype prototypes, so the call through it keeps the
   list unchanged, with the reason. */
// EXPECT: {"type": "struct item", "owner": "main", "pooled": false, "reason": "via a function pointer"}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int key, val;
    struct item *next;
};

static unsigned long long seed = 11;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct item *push(struct item *list, int key, int val) {
    struct item *it = malloc(sizeof *it);
    it->key = key;
    it->val = val;
    it->next = list;
    return it;
}

static void release(struct item *l) {
    while (l) {
        struct item *next = l->next;
        free(l);
        l = next;
    }
}

static int count(const struct item *l, int (*pred)(const struct item *));

static int odd_key(const struct item *it) { return it->key & 1; }
static int big_val(const struct item *it) { return it->val > 50; }

static int count(const struct item *l, int (*pred)(const struct item *)) {
    int c = 0;
    for (; l; l = l->next)
        c += pred(l);
    return c;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 800;
    struct item *l = NULL;
    for (int i = 0; i < n; i++)
        l = push(l, (int)(lcg() % 1000), (int)(lcg() % 100));
    printf("%d %d\n", count(l, odd_key), count(l, big_val));
    release(l);
    return 0;
}
