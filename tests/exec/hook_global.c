/* Allocator hooks in global variables, as libraries let users plug in their own
   allocator (`dict_malloc_func = malloc`, `dict_free_func = free`): every node of the
   list is allocated and freed through them. The whole program stores nothing else in
   them, so each call through them is a call of malloc or free: the list gets a pool and
   the calls become pc_alloc and pc_free. The hook variables stay as written. */
// ARGS: 300
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32, "hooks": [{"hook": "dict_free_func", "targets": ["free"], "decision": "pool free"}, {"hook": "dict_malloc_func", "targets": ["malloc"], "decision": "pool allocation"}]}
#include <stdio.h>
#include <stdlib.h>

void *(*dict_malloc_func)(size_t) = malloc;
void (*dict_free_func)(void *) = free;

struct node {
    long key;
    struct node *next;
};

static struct node *push(struct node *head, long key) {
    struct node *n = dict_malloc_func(sizeof(struct node));
    if (!n)
        exit(1);
    n->key = key;
    n->next = head;
    return n;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct node *head = NULL;
    for (int i = 0; i < n; i++)
        head = push(head, (long)i * 7 % 101);
    long sum = 0;
    for (struct node *p = head; p; p = p->next)
        sum += p->key;
    printf("sum=%ld hooks=%d\n", sum, dict_malloc_func == malloc && dict_free_func == free);
    while (head) {
        struct node *next = head->next;
        dict_free_func(head);
        head = next;
    }
    return 0;
}
