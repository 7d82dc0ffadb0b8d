/* A thread's start routine receives one list through pthread_create, which calls it with
   its original signature: that list escapes and stays as it is. A second list, filtered
   with the program's own callbacks (a typedef'd predicate passed to its own function),
   is compressed, the predicates cloned with its pool. */
// EXPECT: {"type": "struct item", "pooled": false, "reason": "pthread_create"}
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct item {
    int key, val;
    struct item *next;
};

typedef int (*pred_fn)(const struct item *it);

static long thread_sum;

static void *summer(void *arg) {
    long s = 0;
    for (const struct item *it = arg; it; it = it->next)
        s += it->key;
    thread_sum = s;
    return NULL;
}

static int is_even(const struct item *it) { return it->key % 2 == 0; }
static int is_big(const struct item *it) { return it->val > 500; }

static int count(const struct item *l, pred_fn p) {
    int c = 0;
    for (; l; l = l->next)
        c += p(l);
    return c;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct item *shared = NULL, *mine = NULL;
    for (int i = 0; i < n; i++) {
        struct item *a = malloc(sizeof *a);
        a->key = i;
        a->val = 0;
        a->next = shared;
        shared = a;
        struct item *b = malloc(sizeof *b);
        b->key = i * 7 % 101;
        b->val = i * 13 % 1000;
        b->next = mine;
        mine = b;
    }
    pthread_t t;
    if (pthread_create(&t, NULL, summer, shared) != 0)
        return 1;
    pthread_join(t, NULL);
    printf("thread sum=%ld even=%d big=%d\n", thread_sum, count(mine, is_even),
           count(mine, is_big));
    while (shared) {
        struct item *next = shared->next;
        free(shared);
        shared = next;
    }
    while (mine) {
        struct item *next = mine->next;
        free(mine);
        mine = next;
    }
    return 0;
}
