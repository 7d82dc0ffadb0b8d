/* The list and its global head live here; main.c only declares push and drain, so in
   main.c struct node is not even declared. main readies the thread-safe pool, so main.c
   refers to it, but its definition (sizeof of the layout) must go where the struct is
   defined. */
#include <pthread.h>
#include <stdlib.h>
struct node { long v; struct node *next; };
static struct node *head;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void push(long v) {
    struct node *n = malloc(sizeof *n);
    n->v = v;
    pthread_mutex_lock(&lock);
    n->next = head;
    head = n;
    pthread_mutex_unlock(&lock);
}
long drain(void) {
    long s = 0;
    while (head) { struct node *n = head->next; s += head->v; free(head); head = n; }
    return s;
}
