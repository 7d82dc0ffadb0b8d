/* Threads that end inside a pool's owner never return from it: 'sum_then_quit' ends its
   thread with pthread_exit after freeing its list, and 'sum_until_cancelled' is cancelled
   by main at pthread_testcancel, a cancellation point. Pools those calls created would
   never be destroyed (one reservation lost per thread), so both lists stay unchanged, each
   with the call named. The counts, kept by main in a list of its own, are compressed. */
// EXPECT: {"type": "struct node", "owner": "sum_then_quit", "compressed": false, "reason": "a call of pthread_exit at lifetime_thread_ends.c:41:9 (in 'sum_then_quit') may end the thread inside 'sum_then_quit', and the pool 'sum_then_quit' creates would then never be destroyed"}
// EXPECT: {"type": "struct cell", "owner": "sum_until_cancelled", "compressed": false, "reason": "a call of 'pthread_testcancel' at lifetime_thread_ends.c:70:9 (in 'sum_until_cancelled') may end the thread inside 'sum_until_cancelled', where another thread may cancel it (the program calls pthread_cancel at lifetime_thread_ends.c:105:5), and the pool 'sum_until_cancelled' creates would then never be destroyed"}
// EXPECT: {"type": "struct count", "owner": "main", "compressed": true}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node { long v; struct node *next; };
struct cell { long v; struct cell *next; };
struct count { long n; struct count *next; };

static long sums[64];
static long rounds;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void sum_then_quit(long k)
{
    struct node *h = NULL;
    for (long i = 0; i <= k; i++) {
        struct node *x = malloc(sizeof *x);
        if (!x)
            exit(2);
        x->v = i;
        x->next = h;
        h = x;
    }
    long s = 0;
    while (h) {
        struct node *q = h->next;
        s += h->v;
        free(h);
        h = q;
    }
    sums[k] = s;
    if (k >= 0)
        pthread_exit(NULL);
}

static void *quitter(void *arg)
{
    sum_then_quit((long)arg);
    return NULL;
}

static void sum_until_cancelled(void)
{
    for (;;) {
        struct cell *h = NULL;
        for (int i = 0; i < 10; i++) {
            struct cell *x = malloc(sizeof *x);
            if (!x)
                exit(2);
            x->v = i;
            x->next = h;
            h = x;
        }
        while (h) {
            struct cell *q = h->next;
            free(h);
            h = q;
        }
        pthread_mutex_lock(&lock);
        rounds++;
        pthread_mutex_unlock(&lock);
        pthread_testcancel();
    }
}

static void *spinner(void *arg)
{
    (void)arg;
    sum_until_cancelled();
    return NULL;
}

int main(void)
{
    struct count *counts = NULL;
    for (long k = 0; k < 64; k++) {
        pthread_t t;
        if (pthread_create(&t, NULL, quitter, (void *)k) != 0 || pthread_join(t, NULL) != 0)
            return 1;
        struct count *c = malloc(sizeof *c);
        if (!c)
            return 2;
        c->n = sums[k];
        c->next = counts;
        counts = c;
    }
    pthread_t t;
    if (pthread_create(&t, NULL, spinner, NULL) != 0)
        return 1;
    for (;;) {
        pthread_mutex_lock(&lock);
        long r = rounds;
        pthread_mutex_unlock(&lock);
        if (r >= 100)
            break;
    }
    pthread_cancel(t);
    pthread_join(t, NULL);
    long total = 0;
    while (counts) {
        struct count *c = counts->next;
        total += counts->n;
        free(counts);
        counts = c;
    }
    printf("total %ld, cancelled after at least 100 rounds\n", total);
    return 0;
}
