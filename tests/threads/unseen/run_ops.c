/* A library that ptrcomp does not see: runs the `run` callback of a table of operations
   on threads of its own, as event loops and thread pools take their callbacks. */
#include <pthread.h>
#include <stdint.h>

struct lib_ops {
    int flags;
    void (*run)(long);
    void (*done)(long);
};

static const struct lib_ops *ops_in_use;

static void *start(void *arg)
{
    ops_in_use->run((long)(intptr_t)arg);
    return 0;
}

void lib_run(const struct lib_ops *ops, int n)
{
    pthread_t t[8];
    ops_in_use = ops;
    for (int k = 0; k < n && k < 8; k++)
        pthread_create(&t[k], 0, start, (void *)(intptr_t)k);
    for (int k = 0; k < n && k < 8; k++)
        pthread_join(t[k], 0);
    if (ops->done)
        ops->done(n);
}
