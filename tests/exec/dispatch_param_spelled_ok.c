/* Function types spelled out (no typedef) in a parameter of a function defined once,
   and in a local variable: the parameter lists are rewritten to the clones' signature,
   in the clone's header and in the body. */
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int key, val;
    struct item *next;
};

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
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        it->key = i * 37 % 1000;
        it->val = i * 11 % 100;
        it->next = l;
        l = it;
    }
    int (*chosen)(const struct item *) = n > 100 ? big_val : odd_key;
    printf("%d %d %d\n", count(l, odd_key), count(l, big_val), count(l, chosen));
    while (l) {
        struct item *next = l->next;
        free(l);
        l = next;
    }
    return 0;
}
