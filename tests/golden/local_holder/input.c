/* A queue whose head and tail live in a struct-typed local. */
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

static void enqueue(struct queue *q, int v)
{
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

static int dequeue(struct queue *q)
{
    struct qnode *n = q->head;
    int v = n->v;
    q->head = n->next;
    if (!q->head)
        q->tail = NULL;
    q->len--;
    free(n);
    return v;
}

int main(void)
{
    struct queue q = {NULL, NULL, 0};
    int sum = 0;
    for (int i = 0; i < 10; i++)
        enqueue(&q, i);
    while (q.len)
        sum = sum * 3 + dequeue(&q);
    printf("%d\n", sum);
    return 0;
}
