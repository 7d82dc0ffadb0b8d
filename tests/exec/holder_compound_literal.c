/* Compound literals of a struct with a new layout: assigned through a pointer
   (`*t = (struct table){ calloc(...), 8, 0 }`), returned (`return (struct list){ n, 1 }`)
   and passed by value; each is written as a literal of the new layout. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
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

struct table {
    struct node **slots;
    int size, used;
};

static struct list single(int v)
{
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = NULL;
    return (struct list){n, 1};
}

static struct list cons(struct list l, int v)
{
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = l.head;
    return (struct list){.head = n, .n = l.n + 1};
}

static void table_init(struct table *t, int size)
{
    *t = (struct table){calloc(size, sizeof(struct node *)), size, 0};
}

static void table_put(struct table *t, struct list l)
{
    for (struct node *p = l.head, *q; p; p = q) {
        q = p->next;
        int k = p->v % t->size;
        p->next = t->slots[k];
        t->slots[k] = p;
        t->used++;
    }
}

static long count(struct list l)
{
    long s = 0;
    for (struct node *p = l.head; p; p = p->next)
        s += p->v;
    return s;
}

int main(void)
{
    struct table t;
    table_init(&t, 8);
    struct list l = single(5);
    for (int i = 0; i < 20; i++)
        l = cons(l, i * 7);
    printf("%d %ld %ld\n", l.n, count(l), count((struct list){l.head->next, 0}));
    table_put(&t, l);
    long s = 0;
    for (int k = 0; k < t.size; k++)
        for (struct node *p = t.slots[k]; p; p = p->next)
            s += (long)k * p->v;
    printf("%d %ld\n", t.used, s);
    for (int k = 0; k < t.size; k++)
        while (t.slots[k]) {
            struct node *p = t.slots[k];
            t.slots[k] = p->next;
            free(p);
        }
    free(t.slots);
    return 0;
}
