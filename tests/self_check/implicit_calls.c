/* Old C: calls without a prior declaration inside statements ptrcomp rewrites, of one of
   the program's functions and of a library function (no <ctype.h>). */
#include <stdio.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

int main()
{
    struct node *head = NULL, *p;
    int i, s = 0;
    for (i = 0; i < 5; i++) {
        p = malloc(sizeof *p);
        if (p == NULL)
            return 1;
        p->val = i;
        p->next = head;
        head = p;
    }
    for (p = head; p; p = p->next)
        s += p->val + bump(1) + toupper(97);
    printf("%d\n", s);
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}

int bump(x)
int x;
{
    return x;
}
