/* Two calls through one function-pointer type pass lists represented differently: a
   list of heap nodes that could be pooled, and a list that also holds a node on the
   stack initialised from a struct value (which cannot move into a pool). One clone signature cannot serve
   both, so both lists stay as they are, with the reason. */
// EXPECT: {"type": "struct item", "owner": "main", "pooled": false, "reason": "while other calls through pointers of that type pass structures represented differently"}
// EXPECT: {"type": "struct item", "owner": "main", "pooled": false, "reason": "the local 'last' (dispatch_mismatch.c:52:17), which would move into a pool, is initialised from a struct value"}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int key, val;
    struct item *next;
};

static struct item item_of(int key, int val) {
    struct item it;
    it.key = key;
    it.val = val;
    it.next = NULL;
    return it;
}

typedef long (*sum_fn)(const struct item *l);

static long sum_keys(const struct item *l) {
    long s = 0;
    for (; l; l = l->next)
        s += l->key;
    return s;
}

static long sum_vals(const struct item *l) {
    long s = 0;
    for (; l; l = l->next)
        s += l->val;
    return s;
}

static struct item *push(struct item *l, int key, int val) {
    struct item *it = malloc(sizeof *it);
    it->key = key;
    it->val = val;
    it->next = l;
    return it;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct item *a = NULL;
    for (int i = 0; i < n; i++)
        a = push(a, i, i * 3 % 7);
    struct item last = item_of(1000, 1);
    struct item *b = &last;
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        it->key = -i;
        it->val = i % 5;
        it->next = b;
        b = it;
    }
    sum_fn f = argc > 5 ? sum_keys : sum_vals;
    sum_fn g = sum_keys;
    printf("%ld %ld %ld %ld\n", f(a), g(a), f(b), g(b));
    while (a) {
        struct item *next = a->next;
        free(a);
        a = next;
    }
    while (b != &last) {
        struct item *next = b->next;
        free(b);
        b = next;
    }
    return 0;
}
