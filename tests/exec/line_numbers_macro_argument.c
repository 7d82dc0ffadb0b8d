/* `__LINE__` written in a macro's argument on another line than the macro's name, in a
   use written as its expansion (its body reads a node's member): it is the line it is
   written on for both compilers, also once the expansion stands on the use's first line,
   in main and in a function that gets a clone. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
#define SHOW(n, t) printf("%d %d\n", (n) ? (n)->key : -1, t)

static struct node *head;

static int first_key(struct node *list)
{
    SHOW(list,
         __LINE__); return __LINE__;
}

int main(void)
{
    head = malloc(sizeof *head);
    if (!head)
        return 2;
    head->key = 1;
    head->next = NULL;
    SHOW(head,
         __LINE__);
    SHOW(head, __LINE__
        ); printf("%d\n", first_key(head));
    free(head);
    return 0;
}
