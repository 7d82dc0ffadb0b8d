/* Threads the C library starts: a SIGEV_THREAD timer runs `tick` on a thread of libc's,
   which allocates nodes outside the lock (as malloc allows) and links them into a global
   list under a mutex, while main does the same. timer_create is evidence of threads
   (analysis/LibcModel.cpp, startsThreads), so the global pool is thread-safe; a private
   pool would hand the same index to both threads. */
// CFLAGS: -pthread
// NO-TSAN: glibc starts SIGEV_THREAD threads from inside libc, where ThreadSanitizer cannot intercept pthread_create: the original program crashes under it
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "threads": "safe"}
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct node {
    int v;
    struct node *next;
};

static struct node *head;
static long expected;
static int stopped, ticks;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void add(int v) {
    struct node *n = malloc(sizeof(struct node)); /* allocated outside the lock */
    n->v = v;
    pthread_mutex_lock(&lock);
    if (!stopped) {
        n->next = head;
        head = n;
        expected++;
        n = NULL;
    }
    pthread_mutex_unlock(&lock);
    free(n);
}

static void tick(union sigval sv) {
    for (int i = 0; i < 200; i++)
        add(sv.sival_int + i);
    pthread_mutex_lock(&lock);
    ticks++;
    pthread_mutex_unlock(&lock);
}

int main(void) {
    timer_t t;
    struct sigevent sev = {0};
    sev.sigev_notify = SIGEV_THREAD;
    sev.sigev_notify_function = tick;
    sev.sigev_value.sival_int = 1000;
    if (timer_create(CLOCK_MONOTONIC, &sev, &t) != 0) {
        perror("timer_create");
        return 1;
    }
    struct itimerspec its = {{0, 200000}, {0, 200000}}; /* every 0.2 ms */
    timer_settime(t, 0, &its, NULL);
    for (int done = 0; !done;) {
        for (int i = 0; i < 100; i++)
            add(i);
        pthread_mutex_lock(&lock);
        done = ticks >= 20;
        pthread_mutex_unlock(&lock);
    }
    timer_delete(t);
    pthread_mutex_lock(&lock);
    stopped = 1;
    long count = 0;
    for (struct node *p = head; p; p = p->next)
        count++;
    printf("%s\n", count == expected ? "consistent" : "INCONSISTENT");
    while (head) {
        struct node *n = head->next;
        free(head);
        head = n;
    }
    pthread_mutex_unlock(&lock);
    return 0;
}
