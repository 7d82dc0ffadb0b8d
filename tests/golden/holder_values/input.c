/* A list header passed and returned by value (`struct list push(struct list l, int v)`):
   parameters, results and the caller's variable all become struct list_pc32, so the
   nodes are compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct list {
    struct node *head;
    int n;
};

static struct list push(struct list l, int v)
{
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = l.head;
    l.head = n;
    l.n++;
    return l;
}

static long sum(const struct list l)
{
    long s = 0;
    for (const struct node *p = l.head; p; p = p->next)
        s += p->v;
    return s;
}

static struct list make(int k)
{
    struct list l = {NULL, 0};
    for (int i = 0; i < k; i++)
        l = push(l, i * 3 + 1);
    return l;
}

static void drop(struct list l)
{
    while (l.head) {
        struct node *n = l.head;
        l.head = n->next;
        free(n);
    }
}

int main(void)
{
    struct list a = make(100), b = make(7);
    b = push(b, 1000);
    printf("%ld %d %ld %d\n", sum(a), a.n, sum(b), b.n);
    drop(a);
    drop(b);
    return 0;
}
