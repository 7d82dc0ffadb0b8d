/* Structs that keep their place and hold pointers to pooled nodes (holders) become
   structs of the layout with indices; a global or static local one initialised with a
   brace list gets the list written for the layout: values other than node pointers keep
   their text where it means the same there (`"all"`, 8), a static local's are written
   as what they mean in its function (`__func__` is "registry", the local CAP 16), and
   null node pointers are the zeros the list leaves out. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
struct list { const char *name; int cap; struct node *head; unsigned count; };

static struct list all = { "all", 8, NULL, 0 };

static struct list *registry(void) {
    enum { CAP = 16 };
    static struct list mine = { __func__, CAP, NULL, 0 };
    return &mine;
}

static void push(struct list *l, int k) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->key = k;
    n->next = l->head;
    l->head = n;
    l->count++;
}

static void show(const struct list *l) {
    int s = 0;
    for (const struct node *p = l->head; p; p = p->next)
        s += p->key;
    printf("%s %d %d %u\n", l->name, l->cap, s, l->count);
}

static void clear(struct list *l) {
    while (l->head) {
        struct node *n = l->head->next;
        free(l->head);
        l->head = n;
    }
}

int main(void) {
    for (int i = 0; i < 10; i++) {
        push(&all, i);
        push(registry(), 2 * i);
    }
    show(&all);
    show(registry());
    clear(&all);
    clear(registry());
    return 0;
}
