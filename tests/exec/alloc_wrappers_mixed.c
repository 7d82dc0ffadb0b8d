/* Allocation wrappers used several ways: xmalloc for a list (sizeof form: compressed),
   for records with a trailing buffer (sizeof(T) + extra bytes: not a whole number of
   objects, so that structure stays as it is) and for strings; xcalloc for an array of
   nodes linked into a ring; xrealloc growing an array of nodes. */
// ARGS: 400
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": false, "compressed": false, "reason": "not a whole number"}
// EXPECT: {"type": "struct ring", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what) {
    fprintf(stderr, "out of memory (%s)\n", what);
    exit(2);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (p == NULL)
        die("malloc");
    return p;
}

static void *xcalloc(size_t count, size_t size) {
    void *p = calloc(count, size);
    if (!p)
        die("calloc");
    return p;
}

static void *xrealloc(void *old, size_t n) {
    void *p = realloc(old, n);
    if (!p)
        die("realloc");
    return p;
}

struct item {
    int v;
    struct item *next;
};

struct rec {
    int len;
    struct rec *next;
    char text[];
};

struct ring {
    long w;
    struct ring *succ;
};

static char *copy(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n);
    memcpy(d, s, n);
    return d;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct item *items = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = xmalloc(sizeof(struct item));
        it->v = i * 7 % 13;
        it->next = items;
        items = it;
    }
    struct rec *recs = NULL;
    for (int i = 0; i < n / 4; i++) {
        int len = 3 + i % 5;
        struct rec *r = xmalloc(sizeof(struct rec) + (size_t)len + 1);
        r->len = len;
        memset(r->text, 'a' + i % 26, (size_t)len);
        r->text[len] = '\0';
        r->next = recs;
        recs = r;
    }
    int k = n / 8 + 2;
    struct ring *ring = xcalloc((size_t)k, sizeof(struct ring));
    for (int i = 0; i < k; i++) {
        ring[i].w = i * 3L;
        ring[i].succ = &ring[(i + 5) % k];
    }
    struct ring *grown = NULL;
    int cap = 0;
    for (int i = 0; i < n / 10; i++) {
        if (i == cap) {
            cap = cap ? cap * 2 : 4;
            grown = xrealloc(grown, (size_t)cap * sizeof(struct ring));
        }
        grown[i].w = i;
        grown[i].succ = NULL;
    }
    char *label = copy("items");
    long s = 0;
    for (struct item *it = items; it; it = it->next)
        s += it->v;
    size_t chars = 0;
    for (struct rec *r = recs; r; r = r->next)
        chars += strlen(r->text) + (size_t)r->len;
    long w = 0;
    struct ring *at = ring;
    for (int i = 0; i < 3 * k; i++) {
        w += at->w;
        at = at->succ;
    }
    long g = 0;
    for (int i = 0; i < n / 10; i++)
        g += grown[i].w;
    printf("%s: s=%ld chars=%zu w=%ld g=%ld\n", label, s, chars, w, g);
    free(label);
    free(grown);
    free(ring);
    while (items) {
        struct item *next = items->next;
        free(items);
        items = next;
    }
    while (recs) {
        struct rec *next = recs->next;
        free(recs);
        recs = next;
    }
    return 0;
}
