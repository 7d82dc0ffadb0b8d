/* Conditional expressions producing pointers: merging sorted lists with
   `x->key <= y->key ? x : y`, `return a ? a : b`, conditional
   expressions as arguments and in conditions, and min/max scans keeping pointers. */
// EXPECT: {"type": "struct snode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct snode {
    int key;
    struct snode *next;
};

static unsigned long long seed = 88;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct snode *sorted_list(int n, int step) {
    struct snode *head = NULL;
    int key = 10000;
    for (int i = 0; i < n; i++) {
        struct snode *s = malloc(sizeof(struct snode));
        key -= 1 + (int)(lcg() % (unsigned)step);
        s->key = key;
        s->next = head;
        head = s;
    }
    return head;
}

static struct snode *first_of(struct snode *a, struct snode *b) {
    return a ? a : b;
}

static struct snode *merge(struct snode *x, struct snode *y) {
    struct snode *head = NULL, *tail = NULL;
    while (x && y) {
        struct snode *m = x->key <= y->key ? x : y;
        if (m == x)
            x = x->next;
        else
            y = y->next;
        if (tail)
            tail->next = m;
        else
            head = m;
        tail = m;
    }
    struct snode *rest = first_of(x, y);
    if (tail)
        tail->next = rest;
    else
        head = rest;
    return head;
}

static struct snode *extreme(struct snode *p, int want_max) {
    struct snode *best = p;
    for (; p; p = p->next)
        best = (want_max ? p->key > best->key : p->key < best->key) ? p : best;
    return best;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 700;
    struct snode *a = sorted_list(n, 5);
    struct snode *b = sorted_list(n / 2 + 1, 9);
    struct snode *m = merge(lcg() & 1 ? a : b, lcg() & 1 ? b : a);
    unsigned sum = 0;
    int count = 0, sorted = 1;
    for (struct snode *p = m; p; p = p->next, count++) {
        sum = sum * 31u + (unsigned)p->key;
        if ((p->next ? p->next->key : p->key) < p->key)
            sorted = 0;
    }
    struct snode *lo = extreme(m, 0), *hi = extreme(m, 1);
    printf("count=%d sorted=%d sum=%u lo=%d hi=%d pick=%d\n", count, sorted, sum, lo->key,
           hi->key, (count > 10 ? hi : lo)->key);
    while (m) {
        struct snode *next = m->next;
        free(m);
        m = next;
    }
    return 0;
}
