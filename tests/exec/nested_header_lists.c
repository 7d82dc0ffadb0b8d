/* List headers embedded in the nodes of another list: every bin holds two headers of one
   struct type, and one pointer (`k & 1 ? &b->odd : &b->even`) may point to either. The
   headers become a `struct ilist_pc32` of indices inside `struct bin_pc32`, and the
   functions that take a `struct ilist *` take a `struct ilist_pc32 *` (no pool of their
   own for it: it points into a bin). */
// EXPECT: {"type": "struct bin", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int v;
    struct item *prev, *next;
};

struct ilist {
    struct item *head, *tail;
    int count;
};

struct bin {
    int id;
    struct ilist odd, even;
    struct bin *next;
};

static void append(struct ilist *l, int v)
{
    struct item *it = malloc(sizeof *it);
    it->v = v;
    it->next = NULL;
    it->prev = l->tail;
    if (l->tail)
        l->tail->next = it;
    else
        l->head = it;
    l->tail = it;
    l->count++;
}

static long weigh(const struct ilist *l)
{
    long s = 0;
    int pos = 1;
    for (const struct item *it = l->tail; it; it = it->prev)
        s += (long)it->v * pos++;
    return s;
}

static void drop_first(struct ilist *l)
{
    struct item *it = l->head;
    if (!it)
        return;
    l->head = it->next;
    if (l->head)
        l->head->prev = NULL;
    else
        l->tail = NULL;
    l->count--;
    free(it);
}

int main(void)
{
    struct bin *bins = NULL;
    for (int i = 0; i < 6; i++) {
        struct bin *b = malloc(sizeof *b);
        b->id = i;
        b->odd.head = b->odd.tail = NULL;
        b->even.head = b->even.tail = NULL;
        b->odd.count = b->even.count = 0;
        b->next = bins;
        bins = b;
    }
    for (int k = 0; k < 300; k++) {
        struct bin *b = bins;
        for (int j = 0; j < k % 6; j++)
            b = b->next;
        append(k & 1 ? &b->odd : &b->even, k * 7 % 101);
        if (k % 11 == 0)
            drop_first(&b->even);
    }
    for (struct bin *b = bins; b; b = b->next) {
        struct ilist *l = &b->odd;
        printf("bin %d: odd %d/%ld even %d/%ld first %d\n", b->id, l->count, weigh(l),
               b->even.count, weigh(&b->even), b->even.head ? b->even.head->v : -1);
    }
    while (bins) {
        struct bin *n = bins->next;
        while (bins->odd.head)
            drop_first(&bins->odd);
        while (bins->even.head)
            drop_first(&bins->even);
        free(bins);
        bins = n;
    }
    return 0;
}
