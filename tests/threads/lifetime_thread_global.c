/* Work that outlives the function that built its list, on a thread: spawn builds a list
   in a global slot and starts a thread that sums and frees it after spawn has returned.
   The pool belongs to the program (the lists are reachable from a global), so it lives
   as long as the threads, and it is thread-safe. (When the list is handed to the thread
   through its argument instead, it escapes through pthread_create and stays unchanged.) */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "threads": "safe"}
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    long v;
    struct node *next;
};

static struct node *lists[4];
static long sums[4];

static void *consume(void *arg)
{
    intptr_t k = (intptr_t)arg;
    struct node *p = lists[k];
    lists[k] = NULL;
    while (p) {
        struct node *n = p->next;
        sums[k] += p->v;
        free(p);
        p = n;
    }
    return NULL;
}

static pthread_t spawn(intptr_t k, long base, int n)
{
    pthread_t t;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        if (!x)
            exit(2);
        x->v = base + i;
        x->next = lists[k];
        lists[k] = x;
    }
    pthread_create(&t, NULL, consume, (void *)k);
    return t;
}

int main(void)
{
    pthread_t t[4];
    long total = 0;
    for (intptr_t k = 0; k < 4; k++)
        t[k] = spawn(k, k * 100000L, 20000);
    for (int k = 0; k < 4; k++) {
        pthread_join(t[k], NULL);
        total += sums[k];
    }
    printf("%ld\n", total);
    return 0;
}
