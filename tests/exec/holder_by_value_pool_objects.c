/* Headers kept in a heap array (`struct list *rows = calloc(n, sizeof *rows)`) and passed
   by value from it (`sum(rows[i])`): the array's objects and the parameter share the
   layout struct list_pc32. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct list", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    long v;
    struct node *next;
};

struct list {
    struct node *head;
    int n;
};

static void push(struct list *l, long v)
{
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = l->head;
    l->head = n;
    l->n++;
}

static long sum(struct list l)
{
    long s = 0;
    for (struct node *p = l.head; p; p = p->next)
        s += p->v;
    return s * 10 + l.n;
}

static struct list first_half(struct list l)
{
    struct list r = {NULL, 0};
    for (int i = 0; i < l.n / 2; i++) {
        r.head = l.head;
        r.n++;
        l.head = l.head->next;
    }
    return r;
}

int main(void)
{
    int rows = 5;
    struct list *t = calloc(rows, sizeof *t);
    for (int r = 0; r < rows; r++)
        for (int k = 0; k <= r * 4; k++)
            push(&t[r], (long)r * 100 + k);
    for (int r = 0; r < rows; r++)
        printf("row %d: %ld %d first half %d\n", r, sum(t[r]), t[r].n,
               first_half(t[r]).n);
    for (int r = 0; r < rows; r++)
        while (t[r].head) {
            struct node *n = t[r].head;
            t[r].head = n->next;
            free(n);
        }
    free(t);
    return 0;
}
