/* Two producers allocate messages and append them to a global queue under a mutex; two
   consumers take them off and free them: nodes allocated in one thread are freed in
   another. The queue's pool is shared, so it is thread-safe. */
// ARGS: 20000
// EXPECT: {"type": "struct msg", "owner": "(global)", "compressed": true, "threads": "safe"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct msg {
    long value;
    struct msg *next;
};

static struct msg *head;
static struct msg *tail;
static int producers_left = 2, per_producer;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg) {
    long base = *(long *)arg;
    for (int i = 0; i < per_producer; i++) {
        struct msg *m = malloc(sizeof *m); /* outside the lock */
        m->value = base + i;
        m->next = NULL;
        pthread_mutex_lock(&lock);
        if (tail)
            tail->next = m;
        else
            head = m;
        tail = m;
        pthread_cond_signal(&ready);
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    producers_left--;
    pthread_cond_broadcast(&ready);
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void *consumer(void *arg) {
    long sum = 0, count = 0;
    for (;;) {
        pthread_mutex_lock(&lock);
        while (!head && producers_left > 0)
            pthread_cond_wait(&ready, &lock);
        struct msg *m = head;
        if (m) {
            head = m->next;
            if (!head)
                tail = NULL;
        }
        pthread_mutex_unlock(&lock);
        if (!m)
            break;
        sum += m->value;
        count++;
        free(m); /* often in another thread than the one that allocated it */
    }
    ((long *)arg)[0] = sum;
    ((long *)arg)[1] = count;
    return NULL;
}

int main(int argc, char **argv) {
    per_producer = argc > 1 ? atoi(argv[1]) : 100;
    pthread_t p[2], c[2];
    long bases[2] = {0, 1000000}, results[2][2];
    for (int k = 0; k < 2; k++)
        if (pthread_create(&c[k], NULL, consumer, results[k]) != 0)
            return 1;
    for (int k = 0; k < 2; k++)
        if (pthread_create(&p[k], NULL, producer, &bases[k]) != 0)
            return 1;
    for (int k = 0; k < 2; k++)
        pthread_join(p[k], NULL);
    for (int k = 0; k < 2; k++)
        pthread_join(c[k], NULL);
    /* Which consumer got which message varies; the totals do not. */
    printf("%ld %ld\n", results[0][0] + results[1][0], results[0][1] + results[1][1]);
    return 0;
}
