/* A function pointer to malloc stored in a hook, then the hook's address handed to a
   function ptrcomp cannot see (memccpy, which saves the hook's bytes). Unseen code may
   have stored any function into the hook, so a call through it is no known allocator:
   the list stays unchanged, with the hook named. */
// ARGS: 200
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "allocated through 'node_alloc' at hook_escaped.c:20:22, which code ptrcomp cannot see may set", "hooks": [{"hook": "node_alloc", "targets": ["(unseen code)", "malloc"], "decision": "unchanged"}]}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int key;
    struct node *next;
};

static void *(*node_alloc)(size_t);
static unsigned char saved[sizeof(void *(*)(size_t))];

static struct node *push(struct node *head, int key) {
    struct node *n = node_alloc(sizeof(struct node));
    if (!n)
        abort();
    n->key = key;
    n->next = head;
    return n;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    node_alloc = malloc;
    memccpy(saved, &node_alloc, 0, sizeof node_alloc);
    struct node *head = NULL;
    for (int i = 0; i < n; i++)
        head = push(head, i * 3 % 17);
    long s = 0;
    for (struct node *p = head; p; p = p->next)
        s += p->key;
    printf("s=%ld\n", s);
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
