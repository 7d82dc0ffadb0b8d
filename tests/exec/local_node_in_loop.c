/* A local node declared inside a loop's block, linked with heap nodes: it moves into the
   pool, allocated at each iteration and freed wherever the block is left: at its end,
   by a continue, by a return (with the pool's destruction), but not by a break of an
   inner loop, which stays in the block. Also a helper's local in a while loop. */
// EXPECT: {"type": "struct node", "owner": "rounds", "compressed": true, "moved_into_pool": ["local 'head' of rounds (local_node_in_loop.c:29:21)"]}
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "moved_into_pool": ["local 'probe' of count_runs (local_node_in_loop.c:59:21)"]}
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *next;
    int key;
};

static long drain(struct node *at) {
    long s = 0;
    while (at->next) {
        struct node *n = at->next;
        s += n->key;
        at->next = n->next;
        free(n);
    }
    return s;
}

static long rounds(int r) {
    long sum = 0;
    for (int i = 0; i < r; i++) {
        struct node head = {0};
        struct node *at = &head;
        for (int k = 0; k < 4; k++) {
            struct node *n = malloc(sizeof *n);
            if (!n)
                exit(2);
            n->key = i * 10 + k;
            n->next = NULL;
            at->next = n;
            at = n;
            if (k == 2 && i == 3)
                break;
        }
        if (i == 5) {
            sum += drain(&head);
            continue;
        }
        if (i == 7) {
            sum += drain(&head);
            return sum;
        }
        sum += drain(&head) * (long)sizeof head;
    }
    return sum;
}

/* Counts runs of equal keys, walking from a probe node placed before the list. */
static int count_runs(struct node *list) {
    int runs = 0;
    while (list) {
        struct node probe;
        struct node *p = &probe;
        probe.next = list;
        probe.key = list->key;
        while (p->next && p->next->key == probe.key)
            p = p->next;
        runs++;
        list = p == &probe ? NULL : p->next;
    }
    return runs;
}

int main(void) {
    struct node *list = NULL;
    for (int i = 0; i < 40; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 2;
        n->key = (i / 3) % 5;
        n->next = list;
        list = n;
    }
    printf("%ld %ld %d\n", rounds(6), rounds(20), count_runs(list));
    while (list) {
        struct node *n = list->next;
        free(list);
        list = n;
    }
    return 0;
}
