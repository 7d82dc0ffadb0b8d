// A global list head with an alignment attribute (here declared with its struct): the
// attribute belongs to the variable, and an index declared in its place would not keep
// it (the program prints the head's alignment). The structure stays unchanged, located.
// EXPECT: {"type": "struct node", "pooled": false, "reason": "global 'head' has an attribute or alignment specifier at global_attributes.c:9:23, which its new declaration would not keep"}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static __attribute__((unused)) struct node { int v; struct node *next; } *head __attribute__((aligned(64))) = NULL;

int main(void)
{
    int i;
    struct node *q;
    for (i = 0; i < 4; i++) {
        q = malloc(sizeof *q);
        if (!q)
            return 2;
        q->v = i;
        q->next = head;
        head = q;
    }
    for (q = head; q; q = q->next)
        printf("%d ", q->v);
    printf("\n%d\n", (int)((uintptr_t)&head % 64));
    while (head) {
        q = head->next;
        free(head);
        head = q;
    }
    return 0;
}
