/* Embedded headers passed and returned by value: the parameter and the result are
   struct ilist_pc32, the layout of the headers inside the bins, so the items and the
   bins are compressed. */
// EXPECT: {"type": "struct item", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct bin", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>

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
    struct ilist small, big;
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

static struct bin *make(int n)
{
    struct bin *bins = NULL;
    for (int i = 0; i < n; i++) {
        struct bin *b = malloc(sizeof *b);
        memset(b, 0, sizeof *b);
        b->id = i;
        b->next = bins;
        bins = b;
        for (int k = 0; k < i + 3; k++)
            push(k & 1 ? &b->small : &b->big, k * 10 + i);
    }
    return bins;
}

static void release(struct bin *bins)
{
    while (bins) {
        struct bin *n = bins->next;
        struct item *it, *x;
        for (it = bins->small.head; it; it = x) {
            x = it->next;
            free(it);
        }
        for (it = bins->big.head; it; it = x) {
            x = it->next;
            free(it);
        }
        free(bins);
        bins = n;
    }
}


static struct ilist get(struct bin *b) { return b->small; }
static long total(struct ilist l) { return sum(&l) + l.count; }

int main(void)
{
    struct bin *bins = make(4);
    for (struct bin *b = bins; b; b = b->next)
        printf("%d %ld %d\n", b->id, total(b->big), get(b).count);
    release(bins);
    return 0;
}
