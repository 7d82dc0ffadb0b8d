/* Each of two threads builds two lists with one function (one allocation site) and moves
   nodes from one to the other, freeing and allocating: the lists of one call of `work`
   share a pool (one site, one owner), private to that call, so each thread has its own
   pool and no pool is used by two threads at once. */
// EXPECT: {"type": "struct node", "owner": "work", "indexed": true, "compressed": true, "threads": "private", "note": "one pool for 2 structures"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    long val;
    struct node *next;
};

static struct node *push(struct node *head, long v) {
    struct node *n = malloc(sizeof *n);
    n->val = v;
    n->next = head;
    return n;
}

static struct node *pop(struct node *head, long *v) {
    struct node *next = head->next;
    *v = head->val;
    free(head);
    return next;
}

static long total(const struct node *l) {
    long s = 0;
    for (; l; l = l->next)
        s += l->val;
    return s;
}

static void *work(void *arg) {
    long *result = arg;
    long x = *result, v;
    struct node *in = NULL, *out = NULL;
    for (int i = 0; i < 20000; i++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        in = push(in, x % 1000);
        if (x % 3 == 0) {
            in = pop(in, &v);
            out = push(out, v + 1);
        }
    }
    *result = total(in) * 7 + total(out);
    while (in)
        in = pop(in, &v);
    while (out)
        out = pop(out, &v);
    return NULL;
}

int main(void) {
    long r[2] = {1, 2};
    pthread_t t[2];
    for (int k = 0; k < 2; k++)
        if (pthread_create(&t[k], NULL, work, &r[k]) != 0)
            return 1;
    for (int k = 0; k < 2; k++)
        pthread_join(t[k], NULL);
    printf("%ld %ld\n", r[0], r[1]);
    return 0;
}
