/* Four threads allocate nodes outside a mutex and link them into a global list under it
   (a correct program). The list's pool is reachable from globals and used by every
   thread, so it gets the runtime's thread-safe mode; a list private to main is compressed
   with an ordinary pool. (Before the thread-safe mode, the output hung: pc_alloc raced.) */
// ARGS: 2000
// EXPECT: {"type": "struct item", "owner": "(global)", "compressed": true, "threads": "safe", "thread_reason": "it is reachable from global variables and the program starts threads (it calls pthread_create at global_list_mutex.c:45:13)"}
// EXPECT: {"type": "struct tmp", "owner": "main", "indexed": true, "compressed": true, "threads": "private"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct item {
    int value;
    struct item *next;
};

struct tmp {
    long v;
    struct tmp *next;
};

static struct item *shared_list;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int per_thread;

static void *worker(void *arg) {
    int base = *(int *)arg;
    for (int i = 0; i < per_thread; i++) {
        struct item *it = malloc(sizeof *it);
        it->value = base + i;
        pthread_mutex_lock(&lock);
        it->next = shared_list;
        shared_list = it;
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

int main(int argc, char **argv) {
    per_thread = argc > 1 ? atoi(argv[1]) : 100;
    pthread_t t[4];
    int bases[4];
    for (int k = 0; k < 4; k++) {
        bases[k] = k * 100000;
        if (pthread_create(&t[k], NULL, worker, &bases[k]) != 0)
            return 1;
    }
    for (int k = 0; k < 4; k++)
        pthread_join(t[k], NULL);
    long sum = 0, count = 0;
    while (shared_list) {
        struct item *next = shared_list->next;
        sum += shared_list->value;
        count++;
        free(shared_list);
        shared_list = next;
    }
    struct tmp *mine = NULL;
    for (int i = 0; i < 10; i++) {
        struct tmp *x = malloc(sizeof *x);
        x->v = i;
        x->next = mine;
        mine = x;
    }
    long s2 = 0;
    while (mine) {
        struct tmp *n = mine->next;
        s2 += mine->v;
        free(mine);
        mine = n;
    }
    printf("%ld %ld %ld\n", count, sum, s2);
    return 0;
}
