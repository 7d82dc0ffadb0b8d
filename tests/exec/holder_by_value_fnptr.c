/* A list header passed by value through a function pointer (`op(l)` with
   `long (*op)(struct list)`): calls through pointers cannot pass a new layout, so the
   nodes stay as they are, with the reason. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": false, "reason": "passes a struct whose layout changes"}
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

static long sum(struct list l)
{
    long s = 0;
    for (struct node *p = l.head; p; p = p->next)
        s += p->v;
    return s;
}

static long len(struct list l)
{
    return l.n;
}

int main(void)
{
    struct list l = {NULL, 0};
    for (int i = 0; i < 10; i++) {
        struct node *n = malloc(sizeof *n);
        n->v = i + 1;
        n->next = l.head;
        l.head = n;
        l.n++;
    }
    long (*ops[2])(struct list) = {sum, len};
    for (int k = 0; k < 2; k++)
        printf("%ld\n", ops[k](l));
    while (l.head) {
        struct node *n = l.head;
        l.head = n->next;
        free(n);
    }
    return 0;
}
