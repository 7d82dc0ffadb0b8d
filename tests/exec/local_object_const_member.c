/* A local moved into its pool whose struct has a const member: its list initialises
   the new object by copying its bytes (a const member cannot be assigned). */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true, "moved_into_pool": ["local 'head' of main (local_object_const_member.c:13:17)"]}
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *next;
    const int id;
};

int main(void) {
    struct node head = { &head, -1 };
    int made = 0;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 3;
        *(int *)&n->id = i;
        n->next = head.next;
        head.next = n;
        made++;
    }
    int sum = 0;
    for (struct node *p = head.next; p != &head; p = p->next)
        sum += p->id;
    printf("%d %d %d\n", head.id, sum, made);
    while (head.next != &head) {
        struct node *n = head.next;
        head.next = n->next;
        free(n);
    }
    return 0;
}
