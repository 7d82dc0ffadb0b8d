/* Old-style C defines a struct in the declaration of the global that holds it:
   `static struct node {...} *head;` (the list's own struct) and
   `struct buf {...} used = {NULL, NULL};` (a holder, initialised). The definitions stay,
   each as a declaration of its own (the code names the structs, and their new layouts
   follow them), and each global is declared again after them with its new type. Before,
   the definitions were replaced by the new declarations: `struct node` was no longer
   defined, and `struct buf_pc32` was used before its definition (which clang rejects).
   The self-check left both structures unchanged. */
// ARGS: 40
// EXPECT: {"type": "struct node", "owner": "(global)", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct item", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

static struct node {
    int v;
    struct node *next;
} *head;

struct buf {
    struct item *first, *last;
} used = {NULL, NULL};

struct item {
    long key;
    struct item *next;
};

static void append(long key)
{
    struct item *it = malloc(sizeof *it);
    if (!it)
        exit(2);
    it->key = key;
    it->next = NULL;
    if (used.last)
        used.last->next = it;
    else
        used.first = it;
    used.last = it;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10, i, sum = 0;
    long keys = 0;
    struct node *p;
    struct item *it;
    for (i = 0; i < n; i++) {
        p = malloc(sizeof *p);
        if (!p)
            return 2;
        p->v = i;
        p->next = head;
        head = p;
        append(i * 3L);
    }
    for (p = head; p; p = p->next)
        sum += p->v;
    for (it = used.first; it; it = it->next)
        keys += it->key;
    printf("%d %ld %zu %zu\n", sum, keys, sizeof(struct node), sizeof(struct buf));
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    while (used.first) {
        it = used.first->next;
        free(used.first);
        used.first = it;
    }
    return 0;
}
