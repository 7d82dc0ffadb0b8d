/* A FIFO whose head and tail pointers live in a struct-typed local (`struct queue q`,
   passed by address), a very common idiom. The local becomes a `struct queue_pc32` whose
   fields are indices, the functions take a `struct queue_pc32 *`, and the nodes are
   compressed. */
// EXPECT: {"type": "struct qnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct qnode {
    int v;
    struct qnode *next;
};

struct queue {
    struct qnode *head, *tail;
    int len;
};

static unsigned long long seed = 10;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void enqueue(struct queue *q, int v) {
    struct qnode *n = malloc(sizeof *n);
    n->v = v;
    n->next = NULL;
    if (q->tail)
        q->tail->next = n;
    else
        q->head = n;
    q->tail = n;
    q->len++;
}

static int dequeue(struct queue *q) {
    struct qnode *n = q->head;
    int v = n->v;
    q->head = n->next;
    if (!q->head)
        q->tail = NULL;
    q->len--;
    free(n);
    return v;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    struct queue q = {NULL, NULL, 0};
    unsigned check = 0;
    int maxlen = 0;
    for (int i = 0; i < n; i++) {
        if (q.len == 0 || lcg() % 5 < 3)
            enqueue(&q, i);
        else
            check = check * 31u + (unsigned)dequeue(&q);
        if (q.len > maxlen)
            maxlen = q.len;
    }
    int left = q.len;
    while (q.len)
        check = check * 31u + (unsigned)dequeue(&q);
    printf("check=%u maxlen=%d left=%d\n", check, maxlen, left);
    return 0;
}
