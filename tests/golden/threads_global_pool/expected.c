/* Two threads push nodes onto a global stack under a mutex: the stack's pool is shared,
   so it is thread-safe (PC_POOL_INIT_SHARED) and gets its base first thing in main. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 7
struct node {
    int value;
    struct node *next;
};

/* ptrcomp: struct node with pointers into pools stored as indices */
struct node_pc32 {
    int value;
    pc_idx32 next;
};

#line 12
static pc_idx32 stack;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* ptrcomp: pool of the struct node objects reachable from global variables */
pc_pool P_stack = PC_POOL_INIT_SHARED(sizeof(struct node_pc32), 32, "struct node (global stack)");

#line 15
static void *push_many(void *arg) {
    struct node_pc32 *const P_stack_base = pc_base(&P_stack);
#line 16
    int base = *(int *)arg;
    for (int i = 0; i < 1000; i++) {
        pc_idx32 n = pc_alloc(&P_stack, 1);
        P_stack_base[n].value = base + i;
        pthread_mutex_lock(&lock);
        P_stack_base[n].next = stack;
        stack = n;
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

int main(void) {
    pc_pool_ready(&P_stack);
    struct node_pc32 *const P_stack_base = pc_base(&P_stack);
#line 29
    pthread_t t[2];
    int bases[2] = {0, 100000};
    for (int k = 0; k < 2; k++)
        pthread_create(&t[k], NULL, push_many, &bases[k]);
    for (int k = 0; k < 2; k++)
        pthread_join(t[k], NULL);
    long sum = 0;
    while (stack) {
        pc_idx32 next = P_stack_base[stack].next;
        sum += P_stack_base[stack].value;
        pc_free(&P_stack, stack);
        stack = next;
    }
    printf("%ld\n", sum);
    return 0;
}
