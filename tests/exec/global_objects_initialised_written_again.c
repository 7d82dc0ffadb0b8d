/* The image of global objects moved into a pool is written at the end of the file, so
   their values are written again where they would mean something else there: a macro
   that is redefined after the definition and __LINE__ become their values; a list
   that elides braces (in a region where a pragma silences the warning about it) and a
   nested designator get their braces and designators back; a string and an enumerator
   that a function-like macro writes are spelled out. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "moved_into_pool": ["global 'head' (global_objects_initialised_written_again.c:29:20)", "global 'nil' (global_objects_initialised_written_again.c:36:20)", "global 'other' (global_objects_initialised_written_again.c:40:20)"]}
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

enum kind { PLAIN, SENTINEL };

struct pt {
    short x, y;
};

struct node {
    struct node *l, *r;
    int k[3];
    struct pt p;
    char c[2];
    int line;
    enum kind kind;
    const char *name;
};

#define KEY 1
static struct node head = { &head, &head, { KEY, KEY + 1, 0 }, { 0, 0 }, "h", __LINE__,
                            SENTINEL, "head" };
#undef KEY
#define KEY 2

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-braces"
static struct node nil = { &nil, &nil, 1, 2, 3, 4, 5, 'a', 'b', 99 };
#pragma GCC diagnostic pop

#define NAMED(self, n) { .l = &self, .r = &self, .p.y = 3, .kind = SENTINEL, .name = n }
static struct node other = NAMED(other, "other");

static struct node *make(int v, struct node *end) {
    struct node *n = calloc(1, sizeof *n);
    if (!n)
        exit(3);
    n->l = n->r = end;
    n->line = v * KEY;
    n->name = "heap";
    return n;
}

static void show(const struct node *s) {
    printf("%s: k %d %d %d, p %d %d, c %c%c, line %d, kind %d\n", s->name ? s->name : "-",
           s->k[0], s->k[1], s->k[2], s->p.x, s->p.y, s->c[0] ? s->c[0] : '-',
           s->c[1] ? s->c[1] : '-', s->line, s->kind);
}

int main(int argc, char **argv) {
    (void)argv;
    /* One structure: the three sentinels and the heap nodes. */
    struct node *end = argc > 5 ? &head : argc > 6 ? &other : &nil;
    show(&head);
    show(end);
    show(&other);
    struct node *a = make(5, end), *b = make(6, &head), *c = make(7, &other);
    a->l = make(8, &nil);
    printf("%d %d %d %d\n", a->l->line, a->l->l == &nil, b->r == &head, c->l == &other);
    free(a->l);
    free(a);
    free(b);
    free(c);
    return 0;
}
