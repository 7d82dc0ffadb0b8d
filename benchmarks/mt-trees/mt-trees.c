/* mt-trees: threads building and freeing binary trees and lists at the same time.

   Usage: mt-trees THREADS DEPTH ROUNDS

   Each of THREADS threads, ROUNDS times: builds a complete binary tree of depth DEPTH
   (bottom-up, node by node), checks it, frees it; and hands 2^DEPTH / 4 list items to
   the next thread through a global list under a mutex, freeing the items it is handed
   (so items are freed by another thread than the one that allocated them). The trees
   are each thread's own; the list is shared by all. Prints one checksum line. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct tree {
    struct tree *left, *right;
    long long item;
};

struct item {
    long long value;
    int owner;
    struct item *next;
};

static int nthreads, depth, rounds;
static struct item *mailbox; /* items for any thread but their owner */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct tree *build(long long item, int d) {
    struct tree *t = malloc(sizeof *t);
    t->item = item;
    if (d > 0) {
        t->left = build(2 * item - 1, d - 1);
        t->right = build(2 * item, d - 1);
    } else {
        t->left = t->right = NULL;
    }
    return t;
}

static long long check(const struct tree *t) {
    return t->left ? t->item + check(t->left) - check(t->right) : t->item;
}

static void release(struct tree *t) {
    if (t->left) {
        release(t->left);
        release(t->right);
    }
    free(t);
}

/* Posts n items owned by `id`; takes and frees up to n items of other threads. */
static long long exchange(int id, long long n, long long seed) {
    long long sum = 0;
    struct item *batch = NULL;
    for (long long i = 0; i < n; i++) { /* allocated outside the lock */
        struct item *it = malloc(sizeof *it);
        it->value = seed + i;
        it->owner = id;
        it->next = batch;
        batch = it;
    }
    struct item *mine = NULL;
    pthread_mutex_lock(&lock);
    while (batch) {
        struct item *next = batch->next;
        batch->next = mailbox;
        mailbox = batch;
        batch = next;
    }
    struct item *prev = NULL, *it = mailbox;
    for (long long taken = 0; it && taken < n;) {
        struct item *next = it->next;
        if (it->owner != id) {
            if (prev)
                prev->next = next;
            else
                mailbox = next;
            it->next = mine;
            mine = it;
            taken++;
        } else {
            prev = it;
        }
        it = next;
    }
    pthread_mutex_unlock(&lock);
    while (mine) {
        struct item *next = mine->next;
        sum += mine->value;
        free(mine);
        mine = next;
    }
    return sum;
}

static void *worker(void *arg) {
    long long id = *(long long *)arg, checksum = 0, moved = 0;
    for (int r = 0; r < rounds; r++) {
        struct tree *t = build(id + r, depth);
        checksum += check(t);
        release(t);
        moved += exchange((int)id, (1LL << depth) / 4, id * 1000000 + r);
    }
    *(long long *)arg = checksum;
    ((long long *)arg)[1] = moved;
    return NULL;
}

int main(int argc, char **argv) {
    nthreads = argc > 1 ? atoi(argv[1]) : 2;
    depth = argc > 2 ? atoi(argv[2]) : 14;
    rounds = argc > 3 ? atoi(argv[3]) : 10;
    if (nthreads < 1 || nthreads > 64 || depth < 2 || depth > 30 || rounds < 1) {
        fprintf(stderr, "usage: mt-trees THREADS(1-64) DEPTH(2-30) ROUNDS\n");
        return 2;
    }
    pthread_t t[64];
    long long results[64][2];
    for (int k = 0; k < nthreads; k++) {
        results[k][0] = k;
        if (pthread_create(&t[k], NULL, worker, results[k]) != 0)
            return 1;
    }
    long long checksum = 0, moved = 0;
    for (int k = 0; k < nthreads; k++) {
        pthread_join(t[k], NULL);
        checksum += results[k][0];
        moved += results[k][1];
    }
    /* What is left in the mailbox (the last items posted) is counted and freed here. */
    long long left = 0;
    while (mailbox) {
        struct item *next = mailbox->next;
        left += mailbox->value;
        free(mailbox);
        mailbox = next;
    }
    printf("threads %d depth %d rounds %d: checksum %lld, items %lld\n", nthreads, depth,
           rounds, checksum, moved + left);
    return 0;
}
