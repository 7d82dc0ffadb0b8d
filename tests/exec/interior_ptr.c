/* Interior pointers: &p->field of nodes passed to functions taking int * and long *
   (counters bumped through them, a swap of two fields of different nodes, scanf-free
   parsing into a field), and an int * kept in a local while the list is walked. */
// EXPECT: {"type": "struct counter", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct counter {
    int hits;
    long total;
    struct counter *next;
    int id;
};

static unsigned long long seed = 2;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void bump(int *x) { (*x)++; }

static void add_to(long *acc, int v) { *acc += v; }

static void swap_ints(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}

static int parse_digits(const char *s, int *out) {
    int v = 0, k = 0;
    while (s[k] >= '0' && s[k] <= '9')
        v = v * 10 + (s[k++] - '0');
    *out = v;
    return k;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 64;
    if (n < 2)
        n = 2;
    struct counter *list = NULL;
    for (int i = 0; i < n; i++) {
        struct counter *c = malloc(sizeof(struct counter));
        c->hits = 0;
        c->total = 0;
        c->id = i;
        c->next = list;
        list = c;
    }
    for (int k = 0; k < 20 * n; k++) {
        int target = (int)(lcg() % (unsigned)n);
        struct counter *c = list;
        while (c->id != target)
            c = c->next;
        bump(&c->hits);
        add_to(&c->total, k % 17);
        if (c->next && (k & 7) == 0)
            swap_ints(&c->id, &c->next->id);
    }
    char text[] = "12345 678";
    int used = parse_digits(text, &list->id);
    used += parse_digits(text + 6, &list->next->hits);
    long sum = 0;
    unsigned order = 0;
    for (struct counter *c = list; c; c = c->next) {
        int *h = &c->hits;
        sum += *h * 3 + c->total;
        order = order * 31u + (unsigned)c->id;
    }
    printf("sum=%ld order=%u used=%d first=%d second_hits=%d\n", sum, order, used, list->id,
           list->next->hits);
    while (list) {
        struct counter *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
