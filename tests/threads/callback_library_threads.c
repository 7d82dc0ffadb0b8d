/* Threads that a library ptrcomp cannot see starts: main hands `push_many` to
   run_on_threads, defined in a file not given to ptrcomp (unseen/run_on_threads.c),
   which calls it on four threads at once. The program itself never names pthread_create,
   yet the global list's pool must be thread-safe: passing a function of the program to
   unseen code is evidence of threads. */
// UNSEEN: unseen/run_on_threads.c
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "threads": "safe", "thread_reason": "it is reachable from global variables and the program starts threads (it passes 'push_many' to run_on_threads at callback_library_threads.c:39:5, which ptrcomp cannot see and which may call it on another thread)"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    long v;
    struct node *next;
};

static struct node *head;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void run_on_threads(void (*fn)(long), int n);

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

int main(void)
{
    long sum = 0, count = 0;
    run_on_threads(push_many, 4);
    while (head) {
        struct node *n = head->next;
        sum += head->v;
        count++;
        free(head);
        head = n;
    }
    printf("%ld %ld\n", count, sum);
    return 0;
}
