/* Three threads push onto a list defined in list.c (see there). */
#include <pthread.h>
#include <stdio.h>
void push(long v);
long drain(void);
static void *work(void *arg) { long b = *(long *)arg; for (long i = 0; i < 5000; i++) push(b + i); return NULL; }
int main(void) {
    pthread_t t[3]; long b[3] = {0, 100000, 200000};
    for (int k = 0; k < 3; k++) pthread_create(&t[k], NULL, work, &b[k]);
    for (int k = 0; k < 3; k++) pthread_join(t[k], NULL);
    printf("%ld\n", drain());
    return 0;
}
