/* memset/memcpy/memcmp on nodes with byte counts spelled as literals, an enum constant,
   a sum and k * sizeof: each is a whole number of nodes, so the node is compressed and
   each count is respelled for the new layout (before, memset(a, 0, 16) on an 8-byte
   compressed node cleared its neighbour too). */
// ARGS: 200
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int key;
    struct node *next;
};

enum { NODE_BYTES = 16 };

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct node *head = NULL;
    for (int i = 0; i < n; i++) {
        struct node *a = malloc(sizeof(struct node));
        memset(a, 0, 16);
        a->key = i;
        a->next = head;
        head = a;
    }
    /* Clear a node in the middle of the list: with the count left at 16 bytes, the
       8-byte compressed node's neighbour (the head) would be cleared too. */
    if (head && head->next) {
        struct node *victim = head->next;
        struct node *after = victim->next;
        memset(victim, 0, 16);
        victim->key = 99;
        victim->next = after;
    }
    struct node *pair = calloc(2, sizeof(struct node));
    pair[0].key = 41;
    pair[1].key = 42;
    memset(pair, 0, NODE_BYTES);         /* clears pair[0] only */
    struct node *copy = malloc(2 * sizeof(struct node));
    memcpy(copy, pair, 8 + 8 + 16);      /* both objects */
    struct node *other = malloc(sizeof *other);
    memmove(other, head, sizeof(struct node) * 1);
    printf("%d %d %d %d\n", copy[0].key, copy[1].key, other->key,
           memcmp(copy + 1, pair + 1, NODE_BYTES) == 0);
    long sum = 0;
    while (head) {
        struct node *next = head->next;
        sum += head->key;
        free(head);
        head = next;
    }
    printf("%ld\n", sum);
    free(pair);
    free(copy);
    free(other);
    return 0;
}
