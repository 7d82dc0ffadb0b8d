/* Static locals: a list header (`static struct list all = {NULL, 0};`) reached through
   the function that owns it (`registry()->head`), a static pointer that caches the last
   node, and a file-scope table returned by pointer; they live in the globals graph like
   file-scope variables and get its layouts. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct cell", "owner": "(global)", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct list {
    struct node *head;
    int n;
};

struct cell {
    long key;
    struct cell *next;
};

struct table {
    struct cell *rows[8];
    int used;
};

static struct table cells;

static struct list *registry(void)
{
    static struct list all = {NULL, 0};
    return &all;
}

static struct node *remember(struct node *n)
{
    static struct node *last;
    struct node *prev = last;
    if (n)
        last = n;
    return prev;
}

static struct table *table_of(void)
{
    return &cells;
}

int main(void)
{
    for (int i = 0; i < 10; i++) {
        struct node *n = malloc(sizeof *n);
        n->v = i * i;
        n->next = registry()->head;
        registry()->head = n;
        registry()->n++;
        struct node *prev = remember(n);
        if (prev)
            printf("%d after %d\n", n->v, prev->v);
        struct cell *c = malloc(sizeof *c);
        c->key = i * 7L;
        c->next = table_of()->rows[i % 8];
        table_of()->rows[i % 8] = c;
        table_of()->used++;
    }
    long s = 0;
    for (struct node *p = registry()->head; p; p = p->next)
        s += p->v;
    for (int r = 0; r < 8; r++)
        for (struct cell *c = cells.rows[r]; c; c = c->next)
            s += c->key * (r + 1);
    printf("%ld %d %d last %d\n", s, registry()->n, cells.used, remember(NULL)->v);
    while (registry()->head) {
        struct node *n = registry()->head;
        registry()->head = n->next;
        free(n);
    }
    for (int r = 0; r < 8; r++)
        while (cells.rows[r]) {
            struct cell *c = cells.rows[r];
            cells.rows[r] = c->next;
            free(c);
        }
    return 0;
}
