/* A library that ptrcomp does not see: runs fn(k) for k in [0, n) on n threads. */
#include <pthread.h>
#include <stdint.h>

static void (*job)(long);

static void *start(void *arg)
{
    job((long)(intptr_t)arg);
    return 0;
}

void run_on_threads(void (*fn)(long), int n)
{
    pthread_t t[16];
    job = fn;
    for (int k = 0; k < n && k < 16; k++)
        pthread_create(&t[k], 0, start, (void *)(intptr_t)k);
    for (int k = 0; k < n && k < 16; k++)
        pthread_join(t[k], 0);
}
