/* A function with static locals, written in two versions: the static locals are declared
   once, before the function, and both versions use them. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(struct node *head, int value)
{
    static int calls = 0;
    static int *last = &calls;
    struct node *n = malloc(sizeof *n);
    n->value = value + calls++ + *last;
    n->next = head;
    return n;
}

static void drop(struct node *head)
{
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
}

int main(void)
{
    struct node *kept = NULL, *compressed = NULL;
    for (int i = 0; i < 4; i++) {
        compressed = push(compressed, i);
        kept = push(kept, i);
    }
    long sum = 0;
    for (struct node *p = compressed; p; p = p->next)
        sum += p->value;
    for (struct node *p = kept; p; p = p->next)
        sum += 100 * p->value;
    printf("%ld\n", sum);
    /* an address made from an integer: this list stays as it is */
    kept = (struct node *)(unsigned long)kept;
    drop(compressed);
    drop(kept);
    return 0;
}
