/* A compound literal with a designator into a nested member (`.in.a = head`): such lists
   are not written again for the new layout, so the nodes stay as they are, with the
   reason. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": false, "reason": "a struct initialised with nested or repeated designators"}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

struct pair {
    struct node *a, *b;
};

struct outer {
    struct pair in;
    int k;
};

int main(void)
{
    struct node *head = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof(struct node));
        n->val = i;
        n->next = head;
        head = n;
    }
    struct outer *o = &(struct outer){.in.a = head, .k = 3};
    int sum = 0;
    for (struct node *p = o->in.a; p; p = p->next)
        sum += p->val * o->k;
    printf("%d\n", sum);
    while (head) {
        struct node *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
