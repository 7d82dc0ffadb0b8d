/* A type as a macro argument: SWAPV(T, x, y) declares a temporary of type T, and the
   program passes `struct node *` for T. The argument is spelled in the file and is
   rewritten there like any other type of a variable that becomes an index, so the
   swapped lists are compressed; MAXF reads fields through its arguments. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    unsigned key;
    struct node *next;
};

#define SWAPV(T, x, y)  \
    do {                \
        T s_ = (x);     \
        (x) = (y);      \
        (y) = s_;       \
    } while (0)
#define MAXF(a, b) ((a) > (b) ? (a) : (b))

static struct node *push(struct node *head, unsigned key)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(2);
    n->key = key;
    n->next = head;
    return n;
}

static unsigned longest_key(const struct node *p)
{
    unsigned m = 0u;
    for (; p; p = p->next)
        m = MAXF(m, p->key);
    return m;
}

int main(void)
{
    struct node *a = NULL, *b = NULL, *p;
    unsigned i, h = 0u;
    for (i = 0; i < 300u; i++) {
        a = push(a, i * 2654435761u % 1000u);
        if (i % 3u == 0u)
            b = push(b, i);
        if (i % 50u == 0u)
            SWAPV(struct node *, a, b);
    }
    h = longest_key(a) * 31u + longest_key(b);
    if (a && b)
        h ^= MAXF(a->key, b->key);
    printf("%u\n", h);
    while (a) {
        p = a->next;
        free(a);
        a = p;
    }
    while (b) {
        p = b->next;
        free(b);
        b = p;
    }
    return 0;
}
