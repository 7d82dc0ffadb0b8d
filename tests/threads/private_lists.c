/* Eight threads each build, walk and free lists that only their own thread function
   sees. Every call of `worker` creates its own pool, so the pools stay private (the
   ordinary single-threaded fast paths) even though the program runs threads. */
// ARGS: 3000
// EXPECT: {"type": "struct cell", "owner": "worker", "compressed": true, "threads": "private"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct cell {
    long v;
    struct cell *next;
    struct cell *skip;
};

static int rounds;

static void *worker(void *arg) {
    long id = *(long *)arg, total = 0;
    for (int r = 0; r < rounds; r++) {
        struct cell *head = NULL;
        for (int i = 0; i < 64; i++) {
            struct cell *c = malloc(sizeof *c);
            c->v = id * 1000 + i + r;
            c->next = head;
            c->skip = head ? head->next : NULL;
            head = c;
        }
        for (struct cell *c = head; c; c = c->skip)
            total += c->v;
        while (head) {
            struct cell *n = head->next;
            free(head);
            head = n;
        }
    }
    *(long *)arg = total;
    return NULL;
}

int main(int argc, char **argv) {
    rounds = argc > 1 ? atoi(argv[1]) : 10;
    pthread_t t[8];
    long result[8];
    for (int k = 0; k < 8; k++) {
        result[k] = k;
        if (pthread_create(&t[k], NULL, worker, &result[k]) != 0)
            return 1;
    }
    for (int k = 0; k < 8; k++)
        pthread_join(t[k], NULL);
    for (int k = 0; k < 8; k++)
        printf("thread %d: %ld\n", k, result[k]);
    return 0;
}
