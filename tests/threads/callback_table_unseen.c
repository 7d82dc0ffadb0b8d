/* Functions of the program that a library ptrcomp cannot see runs on its threads, found
   in a table of operations rather than passed one by one: lib_run (unseen/run_ops.c)
   calls `ops.run` on four threads at once. A function stored in memory that an argument
   of unseen code reaches is evidence of threads as much as a function passed directly,
   so the global list's pool is thread-safe. */
// UNSEEN: unseen/run_ops.c
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node { long v; struct node *next; };
struct lib_ops { int flags; void (*run)(long); void (*done)(long); };
void lib_run(const struct lib_ops *ops, int n);

static struct node *head;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void push_many(long k)
{
    for (long i = 0; i < 20000; i++) {
        struct node *x = malloc(sizeof *x); /* outside the lock, as malloc allows */
        if (!x)
            exit(2);
        x->v = k * 100000 + i;
        pthread_mutex_lock(&lock);
        x->next = head;
        head = x;
        pthread_mutex_unlock(&lock);
    }
}

static void report(long n)
{
    long count = 0, sum = 0;
    for (struct node *p = head; p; p = p->next, count++)
        sum += p->v;
    printf("%ld threads: %ld nodes, sum %ld\n", n, count, sum);
}

int main(void)
{
    struct lib_ops ops = {0, 0, report};
    ops.run = push_many;
    lib_run(&ops, 4);
    while (head) {
        struct node *x = head->next;
        free(head);
        head = x;
    }
    return 0;
}
