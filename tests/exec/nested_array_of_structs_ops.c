/* Arrays of structs that hold list heads, inside heap nodes and inside a local table:
   element pointers (`&b->slots[j]`, `b->slots + j`), an array passed to a function as a
   `struct slot *`, element copies, memset of the whole array and sizeof of an element;
   every element gets the layout struct slot_pc32. */
// EXPECT: {"type": "struct item", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct bucket", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSLOTS 4

struct item {
    int v;
    struct item *next;
};

struct slot {
    struct item *first;
    int count;
};

struct bucket {
    int id;
    struct slot slots[NSLOTS];
    struct bucket *next;
};

struct table {
    struct slot spill[2];
    int total;
};

static void slot_push(struct slot *s, int v)
{
    struct item *it = malloc(sizeof *it);
    it->v = v;
    it->next = s->first;
    s->first = it;
    s->count++;
}

static long slots_sum(const struct slot *s, int n)
{
    long t = 0;
    for (int j = 0; j < n; j++)
        for (const struct item *it = s[j].first; it; it = it->next)
            t += (long)it->v * (j + 1);
    return t;
}

static void slot_free(struct slot *s)
{
    while (s->first) {
        struct item *it = s->first;
        s->first = it->next;
        free(it);
    }
    s->count = 0;
}

int main(void)
{
    struct bucket *bs = NULL;
    struct table tab;
    memset(&tab, 0, sizeof tab);
    for (int b = 0; b < 5; b++) {
        struct bucket *x = malloc(sizeof *x);
        memset(x->slots, 0, sizeof x->slots);
        x->id = b;
        x->next = bs;
        bs = x;
        for (int k = 0; k < 3 * b + 2; k++)
            slot_push(&x->slots[k % NSLOTS], k + b);
        slot_push(x->slots + (b % NSLOTS), 100 + b);
        slot_push(&tab.spill[b & 1], b);
    }
    long s = 0;
    for (struct bucket *x = bs; x; x = x->next) {
        s += slots_sum(x->slots, NSLOTS) * 3 + x->id;
        struct slot tmp = x->slots[0];
        x->slots[0] = x->slots[1];
        x->slots[1] = tmp;
        s += x->slots[0].count * 7 + (long)sizeof(struct slot) / sizeof(struct slot);
    }
    s += slots_sum(tab.spill, 2);
    printf("%ld %d\n", s, tab.spill[0].count + tab.spill[1].count);
    while (bs) {
        struct bucket *x = bs;
        bs = x->next;
        for (int j = 0; j < NSLOTS; j++)
            slot_free(&x->slots[j]);
        free(x);
    }
    slot_free(&tab.spill[0]);
    slot_free(&tab.spill[1]);
    return 0;
}
