/* A tagged union inside a node (`union { struct cell *child; long value; }`): the
   members have different types and both are accessed, so the node's accesses are not
   type-consistent and it stays as it is, with the reason (the union is not given a
   layout). */
// EXPECT: {"type": "struct cell", "owner": "main", "compressed": false, "reason": "holds pointers inside a union whose members have different types"}
#include <stdio.h>
#include <stdlib.h>

struct cell {
    int is_leaf;
    union {
        struct cell *child;
        long value;
    } u;
    struct cell *next;
};

static long total(const struct cell *c)
{
    long t = 0;
    for (; c; c = c->next)
        t += c->is_leaf ? c->u.value : 2 * total(c->u.child);
    return t;
}

static void drop(struct cell *c)
{
    while (c) {
        struct cell *n = c->next;
        if (!c->is_leaf)
            drop(c->u.child);
        free(c);
        c = n;
    }
}

static struct cell *build(int depth, int width)
{
    struct cell *head = NULL;
    for (int i = 0; i < width; i++) {
        struct cell *c = malloc(sizeof *c);
        c->is_leaf = depth == 0 || i % 2;
        if (c->is_leaf)
            c->u.value = depth * 10 + i;
        else
            c->u.child = build(depth - 1, width);
        c->next = head;
        head = c;
    }
    return head;
}

int main(void)
{
    struct cell *c = build(3, 4);
    printf("%ld\n", total(c));
    drop(c);
    return 0;
}
