/* Declarations with several declarators mixing indexed pointers with other variables:
   `struct node *a, *b;`, `struct node *p = NULL, *q = NULL;`, `int k, *kp;` next to node
   pointers, and parameters and struct fields declared together. Splits a list in two
   alternately and interleaves the halves again. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key, aux;
    struct node *next, *other;
};

static unsigned long long seed = 6;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void split(struct node *in, struct node **odd, struct node **even) {
    struct node *o = NULL, *e = NULL, *next;
    int i = 0, *ip = &i;
    for (; in; in = next, (*ip)++) {
        next = in->next;
        if (i & 1) {
            in->next = o;
            o = in;
        } else {
            in->next = e;
            e = in;
        }
    }
    *odd = o, *even = e;
}

static struct node *interleave(struct node *x, struct node *y) {
    struct node *head = NULL, *tail = NULL, *t;
    while (x || y) {
        struct node *take = x ? x : y, *rest = x ? y : NULL;
        if (x)
            x = x->next;
        else
            y = y->next;
        if (rest) {
            t = rest;
            y = y->next;
            take->other = t;
        }
        if (tail)
            tail->next = take;
        else
            head = take;
        tail = take;
        if (rest) {
            tail->next = t;
            tail = t;
        }
    }
    if (tail)
        tail->next = NULL;
    return head;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1001;
    struct node *list = NULL, *p = NULL, *odd, *even;
    int k, count = 0;
    for (k = 0; k < n; k++) {
        p = malloc(sizeof(struct node));
        p->key = (int)(lcg() % 1000);
        p->aux = k;
        p->next = list;
        p->other = NULL;
        list = p;
    }
    split(list, &odd, &even);
    unsigned so = 0, se = 0;
    for (p = odd; p; p = p->next)
        so = so * 3u + (unsigned)p->key;
    for (p = even; p; p = p->next)
        se = se * 3u + (unsigned)p->key;
    struct node *a = interleave(odd, even), *b;
    unsigned sa = 0;
    int paired = 0;
    for (b = a; b; b = b->next, count++) {
        sa = sa * 5u + (unsigned)b->aux;
        if (b->other)
            paired += b->other->key & 1;
    }
    printf("n=%d so=%u se=%u sa=%u count=%d paired=%d\n", n, so, se, sa, count, paired);
    while (a) {
        b = a->next;
        free(a);
        a = b;
    }
    return 0;
}
