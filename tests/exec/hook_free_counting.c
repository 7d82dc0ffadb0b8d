/* The malloc hook holds only malloc, but the free hook may hold a counting free that the
   program defines (set by a debugging option): pool objects must not reach it, so the
   list stays unchanged and the reason names the free hook's target. */
// ARGS: 100 -v
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "freed through 'node_free' at hook_free_counting.c:43:9, which may hold 'counting_free' (hook_free_counting.c:19:13)"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int key;
    struct node *next;
};

void *(*node_malloc)(size_t) = malloc;
void (*node_free)(void *) = free;
static unsigned long freed;

static void counting_free(void *p) {
    freed++;
    free(p);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (argc > 2 && strcmp(argv[2], "-v") == 0)
        node_free = counting_free;
    struct node *head = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = node_malloc(sizeof *x);
        if (!x)
            return 1;
        x->key = i * i % 23;
        x->next = head;
        head = x;
    }
    long s = 0;
    for (struct node *p = head; p; p = p->next)
        s += p->key;
    printf("s=%ld\n", s);
    while (head) {
        struct node *next = head->next;
        node_free(head);
        head = next;
    }
    printf("freed=%lu\n", freed);
    return 0;
}
