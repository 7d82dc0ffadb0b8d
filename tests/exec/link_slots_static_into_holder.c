/* A static pointer to a link (a slot pointer, analysis/SlotPointers.h) set, in a
   function, to the head member of a holder that the function allocates and never frees:
   only the slot pointer reaches the holder afterwards. Were the holder in a pool of that
   function, the pool would be destroyed when it returns while `cur` still designates the
   head; so the place is designated as by an ordinary pointer, and the holder lives in
   the global pool the static pointer reaches. (The holders are never freed: only `cur`
   knows the last one.) */
// ARGS: 5
// EXPECT: {"type": "struct holder", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct scratch", "owner": "churn", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
struct holder { long tag; struct node *first; };

static struct node **cur;

static void setup(int round)
{
    struct holder *h = malloc(sizeof *h);
    if (!h)
        exit(2);
    h->tag = round;
    h->first = NULL;
    cur = &h->first;
}

struct scratch { long v[4]; struct scratch *next; };

/* A function with a pool of its own, made and destroyed by each call. */
static long churn(int n)
{
    struct scratch *s = NULL;
    long sum = 0;
    for (int i = 0; i < n; i++) {
        struct scratch *x = malloc(sizeof *x);
        if (!x)
            exit(2);
        for (int j = 0; j < 4; j++)
            x->v[j] = -1;
        x->next = s;
        s = x;
    }
    while (s) {
        struct scratch *x = s->next;
        sum += s->v[0];
        free(s);
        s = x;
    }
    return sum;
}

static void push(int k)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->key = k;
    n->next = *cur;
    *cur = n;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    for (int r = 0; r < rounds; r++) {
        setup(r);
        /* other functions' pools come and go in between */
        long junk = 0;
        for (int i = 0; i < 20; i++)
            junk += churn(100);
        if (junk != -2000)
            return 3;
        for (int k = 1; k <= 3; k++)
            push(k * (r + 1));
        printf("%d:", r);
        for (struct node *n = *cur, *x; n; n = x) {
            x = n->next;
            printf(" %d", n->key);
            free(n);
        }
        *cur = NULL;
        printf("\n");
    }
    return 0;
}
