/* A global array of list heads of the node's struct, initialised with numbers: the
   array's list is not written again element by element (a single struct's is), so the
   lists stay, with a reason that says so (it said "initialised with a pointer"). From an
   adversarial review. */
// EXPECT: {"type": "struct node", "owner": "(global)", "pooled": false, "reason": "global 'heads' (an array of structs whose pointers become indices) is initialised with a brace list that is not all zeros, which ptrcomp writes again only for a single struct, at global_holder_array_initialised.c:10:20"}
#include <stdio.h>
#include <stdlib.h>

struct node { int val; struct node *next; };
static struct node heads[2] = {{1, NULL}, {2, NULL}};

int main(void) {
    for (int i = 0; i < 4; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->val = i;
        n->next = heads[i % 2].next;
        heads[i % 2].next = n;
    }
    for (int i = 0; i < 2; i++) {
        int s = heads[i].val;
        struct node *p = heads[i].next;
        while (p) {
            struct node *q = p->next;
            s = s * 3 + p->val;
            free(p);
            p = q;
        }
        printf("%d\n", s);
    }
    return 0;
}
