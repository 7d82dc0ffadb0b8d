/* Links kept in a member of an unnamed struct type, the way <sys/queue.h> declares list
   entries (`struct { struct node *next; } link;`): the new layout declares the member
   inline, with indices inside (`struct { pc_idx32 next; } link;`). */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct {
        struct node *next;
        int rank;
    } link;
};

static struct node *insert_sorted(struct node *head, struct node *n)
{
    struct node *prev = NULL, *cur = head;
    while (cur && cur->v < n->v) {
        prev = cur;
        cur = cur->link.next;
    }
    n->link.next = cur;
    if (!prev)
        return n;
    prev->link.next = n;
    return head;
}

int main(void)
{
    struct node *head = NULL;
    for (int i = 0; i < 40; i++) {
        struct node *n = malloc(sizeof *n);
        n->v = i * 37 % 41;
        n->link.rank = i;
        head = insert_sorted(head, n);
    }
    long s = 0;
    for (struct node *n = head; n; n = n->link.next)
        s = s * 3 % 1000003 + n->v * 100 + n->link.rank;
    printf("%ld\n", s);
    while (head) {
        struct node *n = head->link.next;
        free(head);
        head = n;
    }
    return 0;
}
