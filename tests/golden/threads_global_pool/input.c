/* Two threads push nodes onto a global stack under a mutex: the stack's pool is shared,
   so it is thread-safe (PC_POOL_INIT_SHARED) and gets its base first thing in main. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *stack;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *push_many(void *arg) {
    int base = *(int *)arg;
    for (int i = 0; i < 1000; i++) {
        struct node *n = malloc(sizeof *n);
        n->value = base + i;
        pthread_mutex_lock(&lock);
        n->next = stack;
        stack = n;
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

int main(void) {
    pthread_t t[2];
    int bases[2] = {0, 100000};
    for (int k = 0; k < 2; k++)
        pthread_create(&t[k], NULL, push_many, &bases[k]);
    for (int k = 0; k < 2; k++)
        pthread_join(t[k], NULL);
    long sum = 0;
    while (stack) {
        struct node *next = stack->next;
        sum += stack->value;
        free(stack);
        stack = next;
    }
    printf("%ld\n", sum);
    return 0;
}
