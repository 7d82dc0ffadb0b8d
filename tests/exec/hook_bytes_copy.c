/* A hooks struct replaced by copying the user's struct byte by byte (through char *,
   as some libraries copy option blocks). Unification does not follow a pointer copied
   as bytes, so it finds only malloc in the hook, while at run time it holds the
   program's counting allocator: the hook is held in memory accessed as bytes, and the
   list stays unchanged. */
// ARGS: 300 -v
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "allocated through 'hooks.alloc' at hook_bytes_copy.c:41:26, which may have been written byte by byte"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct alloc_hooks {
    void *(*alloc)(size_t);
};

static struct alloc_hooks hooks = { malloc };
static unsigned long allocations;

static void *counting_alloc(size_t n) {
    allocations++;
    return malloc(n);
}

static void set_hooks(const struct alloc_hooks *h) {
    for (size_t i = 0; i < sizeof hooks; i++)
        ((unsigned char *)&hooks)[i] = ((const unsigned char *)h)[i];
}

struct node {
    int key;
    struct node *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct alloc_hooks mine = { counting_alloc };
    if (argc > 2 && strcmp(argv[2], "-v") == 0)
        set_hooks(&mine);
    struct node *head = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = hooks.alloc(sizeof *x);
        if (!x)
            return 1;
        x->key = i % 7;
        x->next = head;
        head = x;
    }
    long s = 0;
    for (struct node *p = head; p; p = p->next)
        s += p->key;
    printf("s=%ld allocations=%lu\n", s, allocations);
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
