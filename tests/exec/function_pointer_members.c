/* Members that point to functions taking or returning nodes, in structs that get a new
   layout: a node's own method, a const method pointer, an array of visitors, a pointer
   into a table of them and a method that returns a node. Their functions are cloned with
   pool parameters, so the new layouts declare these members with the clones' type, as
   the structs' own definitions are written. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "moved_into_pool": ["local 'init' of push (function_pointer_members.c:28:17)"]}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int v;
    struct node *next;
    int (*eval)(const struct node *);
    struct node *(*step)(struct node *);
    long (*const weigh)(const struct node *, int);
    int (*visit[2])(const struct node *);
    int (*const *table)(const struct node *);
};

static int ev_val(const struct node *n) { return n->v; }
static int ev_twice(const struct node *n) { return 2 * n->v; }
static struct node *go_next(struct node *n) { return n->next; }
static long weight(const struct node *n, int k) { return (long)n->v * k; }
static int (*const visitors[2])(const struct node *) = {ev_twice, ev_val};

static struct node *push(struct node *h, int v) {
    struct node init = {v, h, v % 2 ? ev_val : ev_twice, go_next, weight, {ev_val, ev_twice},
                        visitors};
    struct node *x = malloc(sizeof *x);
    if (!x)
        exit(1);
    memcpy(x, &init, sizeof *x);
    return x;
}

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 6; i++)
        h = push(h, i);
    long s = 0;
    for (struct node *p = h; p; p = p->step(p))
        s += p->eval(p) * 100 + p->weigh(p, 3) + p->visit[p->v % 2](p) + p->table[1](p);
    printf("%ld %d\n", s, (int)sizeof(struct node));
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
