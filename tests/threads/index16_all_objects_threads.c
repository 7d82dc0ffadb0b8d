/* A 16-bit thread-safe pool holds all of its 65,535 objects whichever thread asks: a
   thread that allocated one object and stays alive must not keep index slots the others
   cannot have (thread caches of free objects would). main frees the other thread's node,
   then allocates 65,535 nodes. */
// PTRCOMP-ARGS: --index-bits=16
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "index_bits": 16, "threads": "safe"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

static struct node *head;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int stage;

static void *one_node(void *arg)
{
    (void)arg;
    struct node *x = malloc(sizeof *x);
    if (!x)
        exit(2);
    x->v = -1;
    pthread_mutex_lock(&lock);
    x->next = head;
    head = x;
    stage = 1;
    pthread_cond_broadcast(&cond);
    while (stage != 2)
        pthread_cond_wait(&cond, &lock);
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void)
{
    pthread_t t;
    if (pthread_create(&t, NULL, one_node, NULL) != 0)
        return 1;
    pthread_mutex_lock(&lock);
    while (stage != 1)
        pthread_cond_wait(&cond, &lock);
    struct node *x = head;
    head = NULL;
    pthread_mutex_unlock(&lock);
    free(x);
    long sum = 0;
    for (int i = 0; i < 65535; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 2;
        n->v = i;
        pthread_mutex_lock(&lock);
        n->next = head;
        head = n;
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    stage = 2;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    while (head) {
        struct node *n = head->next;
        sum += head->v;
        free(head);
        head = n;
    }
    printf("65535 nodes, sum %ld\n", sum);
    return 0;
}
