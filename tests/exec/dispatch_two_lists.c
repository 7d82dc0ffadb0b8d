/* One comparator type used for two lists owned by main, each in its own pool: the
   clones take the pool as a parameter, so each call passes its own list's pool. The
   lists' nodes come from two allocation sites (push, push_other): structures of one
   site and owner would share one pool. */
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
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

static struct item *push_other(struct item *list, int key, int val) {
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

typedef int (*less_fn)(const struct item *a, const struct item *b);

static int key_less(const struct item *a, const struct item *b) { return a->key < b->key; }
static int val_less(const struct item *a, const struct item *b) { return a->val < b->val; }

static struct item *insertion_sort(struct item *l, less_fn less) {
    struct item *sorted = NULL;
    while (l) {
        struct item *next = l->next;
        if (!sorted || less(l, sorted)) {
            l->next = sorted;
            sorted = l;
        } else {
            struct item *p = sorted;
            while (p->next && !less(l, p->next))
                p = p->next;
            l->next = p->next;
            p->next = l;
        }
        l = next;
    }
    return sorted;
}

static unsigned long digest(const struct item *l) {
    unsigned long h = 0;
    for (; l; l = l->next)
        h = h * 17u + (unsigned long)(l->key * 3 + l->val);
    return h;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 400;
    struct item *a = NULL, *b = NULL;
    for (int i = 0; i < n; i++) {
        a = push(a, (int)(lcg() % 1000), i);
        b = push_other(b, i, (int)(lcg() % 1000));
    }
    a = insertion_sort(a, key_less);
    b = insertion_sort(b, val_less);
    printf("a=%lu b=%lu\n", digest(a), digest(b));
    a = insertion_sort(a, val_less);
    printf("a=%lu\n", digest(a));
    release(a);
    release(b);
    return 0;
}
