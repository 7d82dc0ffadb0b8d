/* A struct member whose function type is spelled out (no typedef) in a global table,
   reassigned at run time: the member's parameter list is rewritten to the clones'
   signature and the table's initialiser names a clone. */
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
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

struct scorer {
    const char *name;
    long (*score)(const struct item *it, int bonus);
};

static long score_plain(const struct item *it, int bonus) { return it->key + bonus; }
static long score_mixed(const struct item *it, int bonus) {
    return (long)it->key * 3 - it->val + bonus;
}

static struct scorer scorer = {"plain", score_plain};

static long total(const struct item *l, int bonus) {
    long t = 0;
    for (; l; l = l->next)
        t += scorer.score(l, bonus);
    return t;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct item *l = NULL;
    for (int i = 0; i < n; i++)
        l = push(l, (int)(lcg() % 1000), (int)(lcg() % 100));
    long a = total(l, 1);
    scorer.score = score_mixed;
    scorer.name = "mixed";
    long b = total(l, 2);
    printf("%s a=%ld b=%ld\n", scorer.name, a, b);
    release(l);
    return 0;
}
