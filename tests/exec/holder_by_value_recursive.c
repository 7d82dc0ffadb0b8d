/* Merge sort over lists passed and returned by value, recursively
   (`struct list sort(struct list l)` splits into two struct list values): one clone
   serves every level. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

struct list {
    struct node *head;
    int n;
};

struct halves {
    struct list a, b;
};

static struct halves split(struct list l)
{
    struct halves h = {{NULL, 0}, {NULL, 0}};
    while (l.head) {
        struct node *x = l.head;
        l.head = x->next;
        struct list *to = h.a.n <= h.b.n ? &h.a : &h.b;
        x->next = to->head;
        to->head = x;
        to->n++;
    }
    return h;
}

static struct list merge(struct list a, struct list b)
{
    struct list r = {NULL, a.n + b.n};
    struct node *tail = NULL;
    while (a.head || b.head) {
        struct node *m;
        if (!b.head || (a.head && a.head->key <= b.head->key)) {
            m = a.head;
            a.head = m->next;
        } else {
            m = b.head;
            b.head = m->next;
        }
        m->next = NULL;
        if (tail)
            tail->next = m;
        else
            r.head = m;
        tail = m;
    }
    return r;
}

static struct list sort(struct list l)
{
    if (l.n < 2)
        return l;
    struct halves h = split(l);
    return merge(sort(h.a), sort(h.b));
}

int main(void)
{
    struct list l = {NULL, 0};
    unsigned s = 12345;
    for (int i = 0; i < 200; i++) {
        struct node *x = malloc(sizeof *x);
        s = s * 1103515245u + 12345u;
        x->key = (int)(s >> 16) % 1000;
        x->next = l.head;
        l.head = x;
        l.n++;
    }
    l = sort(l);
    unsigned long check = 0;
    int prev = -1, sorted = 1;
    for (struct node *p = l.head; p; p = p->next) {
        sorted &= p->key >= prev;
        prev = p->key;
        check = check * 31 + p->key;
    }
    printf("%d %d %lu\n", l.n, sorted, check);
    while (l.head) {
        struct node *x = l.head;
        l.head = x->next;
        free(x);
    }
    return 0;
}
