/* A list header embedded in each node of another list. */
#include <stdio.h>
#include <stdlib.h>

struct item {
    int v;
    struct item *next;
};

struct ilist {
    struct item *head;
    int count;
};

struct bin {
    int id;
    struct ilist items;
    struct bin *next;
};

static void push(struct ilist *l, int v)
{
    struct item *it = malloc(sizeof *it);
    it->v = v;
    it->next = l->head;
    l->head = it;
    l->count++;
}

static long sum(const struct ilist *l)
{
    long s = 0;
    for (const struct item *it = l->head; it; it = it->next)
        s += it->v;
    return s;
}

int main(void)
{
    struct bin *bins = NULL;
    for (int i = 0; i < 3; i++) {
        struct bin *b = malloc(sizeof *b);
        b->id = i;
        b->items.head = NULL;
        b->items.count = 0;
        b->next = bins;
        bins = b;
        for (int k = 0; k <= i; k++)
            push(&b->items, k + i);
    }
    for (struct bin *b = bins; b; b = b->next)
        printf("%d: %d %ld\n", b->id, b->items.count, sum(&b->items));
    while (bins) {
        struct bin *n = bins->next;
        while (bins->items.head) {
            struct item *it = bins->items.head;
            bins->items.head = it->next;
            free(it);
        }
        free(bins);
        bins = n;
    }
    return 0;
}
