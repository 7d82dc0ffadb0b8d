/* phases: three large structures built one after the other in one function, each freed
   node by node before the next is built.

   Usage: phases NODES ROUNDS

   A list of NODES items, then a list of NODES pairs, then a doubly linked list of NODES
   nodes; each is built, walked and freed node by node, ROUNDS times.
   They are never alive at the same time, so malloc reuses the memory of one for the
   next: the peak is one structure. Each has its own pool (owned by main), so the peak of
   the pools stays at one structure only if a pool gives its memory back when its last
   node is freed. Prints one checksum line. */
#include <stdio.h>
#include <stdlib.h>

struct item {
    long value;
    struct item *next;
};

struct pair {
    long a, b;
    struct pair *next;
};

struct dnode {
    long value;
    struct dnode *prev, *next;
};

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int rounds = argc > 2 ? atoi(argv[2]) : 1;
    long long check = 0;
    for (int r = 0; r < rounds; r++) {
        struct item *list = NULL;
        for (long i = 0; i < n; i++) {
            struct item *it = malloc(sizeof *it);
            it->value = i ^ r;
            it->next = list;
            list = it;
        }
        while (list) {
            struct item *next = list->next;
            check += list->value;
            free(list);
            list = next;
        }

        struct pair *pairs = NULL;
        for (long i = 0; i < n; i++) {
            struct pair *q = malloc(sizeof *q);
            q->a = i;
            q->b = i * 3 + r;
            q->next = pairs;
            pairs = q;
        }
        while (pairs) {
            struct pair *next = pairs->next;
            check += pairs->b - pairs->a;
            free(pairs);
            pairs = next;
        }

        struct dnode *head = NULL, *tail = NULL;
        for (long i = 0; i < n; i++) {
            struct dnode *d = malloc(sizeof *d);
            d->value = i + r;
            d->prev = tail;
            d->next = NULL;
            if (tail)
                tail->next = d;
            else
                head = d;
            tail = d;
        }
        for (struct dnode *d = tail; d; d = d->prev)
            check += d->value & 7;
        while (head) {
            struct dnode *next = head->next;
            free(head);
            head = next;
        }
    }
    printf("nodes %ld rounds %d: checksum %lld\n", n, rounds, check);
    return 0;
}
