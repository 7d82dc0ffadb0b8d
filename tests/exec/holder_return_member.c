/* Members read straight from results returned by value (`make(5).head->v`,
   `last(l).n`) and a parameter whose address is passed on (`walk(&l)`). */
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

static struct node *all;

static struct list make(int k)
{
    struct list l = {NULL, 0};
    for (int i = 0; i < k; i++) {
        struct node *n = malloc(sizeof *n);
        n->v = i * i;
        n->next = l.head;
        l.head = n;
        l.n++;
    }
    return l;
}

static long walk(const struct list *l)
{
    long s = 0;
    for (struct node *p = l->head; p; p = p->next)
        s += p->v;
    return s;
}

static long total(struct list l)
{
    return walk(&l) + l.n;
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
    struct list a = make(10);
    printf("%d %ld\n", a.head->v, total(a));
    struct list b = make(5);
    printf("%d %d\n", b.head->next->v, b.n);
    drop(a);
    drop(b);
    (void)all;
    return 0;
}
