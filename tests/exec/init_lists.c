/* Initializers that read through pool pointers: designated and nested initializer lists,
   a compound literal passed by value, and an array initialised from node fields. A second
   list whose node pointers are stored by an initializer into a struct that ptrcomp does
   not rewrite must stay as it is. */
// ARGS: 300
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": false, "compressed": false, "reason": "a struct initialised with pointers"}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int key;
    short tag;
    struct item *next;
};

struct pair {
    int a, b;
};

struct box {
    struct pair p;
    int keys[3];
    const char *name;
};

struct cell {
    long v;
    struct cell *next;
};

struct pin {
    struct cell *at;
    int weight;
};

static long score(struct pair p) { return (long)p.a * 3 - p.b; }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct item *head = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        it->key = (i * 37) % 101;
        it->tag = (short)(i & 7);
        it->next = head;
        head = it;
    }
    long total = 0;
    for (struct item *it = head; it && it->next && it->next->next; it = it->next) {
        struct box b = {.p = {it->key, it->next->key},
                        .keys = {it->key, it->next->key, it->next->next->key},
                        .name = "box"};
        struct pair q = {.b = it->tag, .a = it->next->tag};
        total += score(b.p) + b.keys[2] + q.a * q.b + score((struct pair){it->key, 1});
    }
    struct cell *cells = NULL;
    for (int i = 0; i < n / 3; i++) {
        struct cell *c = malloc(sizeof *c);
        c->v = i * 11L;
        c->next = cells;
        cells = c;
    }
    long pinned = 0;
    for (struct cell *c = cells; c; c = c->next) {
        struct pin p = {c, (int)(c->v % 5)};
        pinned += p.at->v * p.weight;
    }
    printf("n=%d total=%ld pinned=%ld\n", n, total, pinned);
    while (head) {
        struct item *next = head->next;
        free(head);
        head = next;
    }
    while (cells) {
        struct cell *next = cells->next;
        free(cells);
        cells = next;
    }
    return 0;
}
