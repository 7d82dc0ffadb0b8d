/* A hash table whose bucket heads are a local array of sentinel nodes (circular lists
   through `next`): the array moves into the nodes' pool as one block, allocated where it
   is declared and freed when the function returns; `&heads[i]`, `heads + i`,
   `heads[i].next` and `sizeof heads / sizeof heads[0]` keep their meaning. */
// EXPECT: {"type": "struct node", "owner": "count_keys", "compressed": true, "moved_into_pool": ["local 'heads' of count_keys (local_object_arrays.c:24:17)"]}
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *next;
    int key;
};

static void push_after(struct node *at, int key) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(3);
    n->key = key;
    n->next = at->next;
    at->next = n;
}

static long count_keys(int n, int seed) {
    struct node heads[7];
    const unsigned nb = sizeof heads / sizeof heads[0];
    for (unsigned i = 0; i < nb; i++) {
        heads[i].next = &heads[i];
        heads[i].key = -(int)i;
    }
    for (int i = 0; i < n; i++) {
        int k = (i * 37 + seed) % 101;
        push_after(heads + k % nb, k);
    }
    long sum = 0;
    for (unsigned i = 0; i < nb; i++) {
        long c = 0;
        for (struct node *p = heads[i].next; p != &heads[i]; p = p->next)
            c += p->key;
        sum = sum * 31 + c + heads[i].key;
        while (heads[i].next != heads + i) {
            struct node *d = heads[i].next;
            heads[i].next = d->next;
            free(d);
        }
    }
    return sum;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    long total = 0;
    for (int round = 0; round < 5; round++)
        total += count_keys(n + round, round);
    printf("%ld\n", total);
    return 0;
}
