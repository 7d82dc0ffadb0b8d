/* From an embedded header back to its bin with offsetof (container_of): the program
   computes with the original layout's offsets, which a new layout would change (the
   header follows a pointer), so the bins and their items stay as they are. */
// EXPECT: {"type": "struct item", "compressed": false, "reason": "crosses a pointer member, whose size a new layout would change"}
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

int main(void)
{
    struct bin *bins = make(4);
    for (struct bin *b = bins; b; b = b->next) {
        struct ilist *l = &b->big;
        struct bin *back = (struct bin *)((char *)l - offsetof(struct bin, big));
        printf("%d %ld\n", back->id, sum(l));
    }
    release(bins);
    return 0;
}
