/* Pointers to links declared const at each level: `struct node **const pp` (the pointer
   itself), `struct node *const *pq` (what it points to), and a typedef'd one. Each keeps
   its qualifier where it was in the new type: `pc_idx32 *const pp`. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
typedef struct node **link_t;

static struct node *head;

static void push(int k)
{
    struct node *n = malloc(sizeof *n);
    struct node **const pp = &head;
    if (!n)
        exit(2);
    n->key = k;
    n->next = *pp;
    *pp = n;
}

static int count_from(struct node *const *pq)
{
    int c = 0;
    for (; *pq; pq = &(*pq)->next)
        c++;
    return c;
}

static void drop_first(void)
{
    const link_t at = &head;
    if (*at) {
        struct node *x = *at;
        *at = x->next;
        free(x);
    }
}

int main(void)
{
    for (int i = 0; i < 6; i++)
        push(i * 3);
    drop_first();
    printf("%d left:", count_from(&head));
    while (head) {
        struct node *x = head->next;
        printf(" %d", head->key);
        free(head);
        head = x;
    }
    printf("\n");
    return 0;
}
