/* linked fuzzer (generator features of issue 18), seed range 200000-200999: a byte count
   held in a variable. `const size_t nb = sizeof *p; memset(p, 0, nb);` was folded to the
   constant 1 x sizeof(struct node) and respelled sizeof(struct node_pc32) at the call,
   leaving `nb` unused (-Wall -Werror failed on the output); keeping the variable would
   not do either, since its own initializer `sizeof *p` is retyped too. A count read from
   a variable (const or not, local or file-scope) is now raw bytes: the node collapses and
   stays uncompressed, with the location in the report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    long key;
    struct node *next;
    struct node *other;
};

static const size_t NODE_BYTES = sizeof(struct node);

int main(void) {
    struct node *head = NULL;
    for (int i = 0; i < 50; i++) {
        struct node *p = malloc(sizeof *p);
        const size_t nb = sizeof *p;
        memset(p, 0, nb);
        p->key = i;
        p->next = head;
        head = p;
    }
    struct node *pair = malloc(2 * sizeof(struct node));
    const size_t two = 2 * sizeof(struct node);
    memset(pair, 0, two);
    pair[1].key = 7;
    struct node *copy = malloc(2 * sizeof(struct node));
    memcpy(copy, pair, (two));
    memset(copy, 0, NODE_BYTES);       /* copy[0] only */
    struct node *mid = head->next->next;
    struct node *after = mid->next;
    const size_t one = NODE_BYTES;
    memset(mid, 0, one);
    mid->next = after;
    long sum = 0;
    for (struct node *q = head; q; q = q->next)
        sum += q->key + (q->other != NULL);
    printf("%ld %ld %ld\n", sum, copy[0].key, copy[1].key);
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    free(pair);
    free(copy);
    return 0;
}
