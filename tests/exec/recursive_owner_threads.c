/* The recursive owner of recursive_owner.c in a program that starts a thread: the pool its
   activations would share is static, so it is not used here, and the report says why. */
// ARGS: 2000
// EXPECT: {"type": "struct cell", "owner": "walk", "pooled": false, "reason": "is recursive and the program starts threads"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int v;
    struct cell *next;
};

static long walk(int depth, int max) {
    struct cell *list = NULL;
    for (int i = 0; i < 2; i++) {
        struct cell *c = malloc(sizeof *c);
        c->v = depth * i;
        c->next = list;
        list = c;
    }
    long here = 0;
    while (list) {
        struct cell *n = list->next;
        here += list->v;
        free(list);
        list = n;
    }
    return depth + 1 < max ? here % 5 + walk(depth + 1, max) : here % 5;
}

static int depth_arg;
static long result;

static void *worker(void *unused) {
    (void)unused;
    result = walk(0, depth_arg);
    return NULL;
}

int main(int argc, char **argv) {
    depth_arg = argc > 1 ? atoi(argv[1]) : 100;
    pthread_t t;
    if (pthread_create(&t, NULL, worker, NULL) != 0)
        return 1;
    long mine = walk(0, depth_arg / 2);
    pthread_join(t, NULL);
    printf("%ld %ld\n", result, mine);
    return 0;
}
