/* One set of accessor and statement macros used on two lists that live in two pools:
   build() and sum() serve a list owned by main and one owned by side(), so each use of
   NEXT, VAL and PUSH in them is written as its expansion reading the pool the version
   receives, and both lists are compressed. */
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true, "pool": "P_a"}
// EXPECT: {"type": "struct cell", "owner": "side", "indexed": true, "compressed": true, "pool": "P_l"}
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int val;
    struct cell *next;
};

#define NEXT(c) ((c)->next)
#define VAL(c) ((c)->val)
#define PUSH(head, v)                                   \
    do {                                                \
        struct cell *n_ = malloc(sizeof(struct cell));  \
        if (n_ == NULL)                                 \
            exit(2);                                    \
        VAL(n_) = (v);                                  \
        NEXT(n_) = (head);                              \
        (head) = n_;                                    \
    } while (0)

static struct cell *build(int n, int step)
{
    struct cell *head = NULL;
    int i;
    for (i = 0; i < n; i++)
        PUSH(head, i * step % 97);
    return head;
}

static long sum(const struct cell *c)
{
    long s = 0;
    for (; c != NULL; c = NEXT(c))
        s += VAL(c);
    return s;
}

static void drop(struct cell *c)
{
    while (c != NULL) {
        struct cell *nx = NEXT(c);
        free(c);
        c = nx;
    }
}

static long side(int n)
{
    struct cell *l = build(n, 5);
    long s = sum(l) * 3;
    drop(l);
    return s;
}

int main(void)
{
    struct cell *a = build(2000, 3);
    long s = sum(a);
    int i;
    for (i = 0; i < 4; i++)
        s += side(500 + i);
    printf("%ld\n", s);
    drop(a);
    return 0;
}
