/* `return(NULL);` and `return((struct node *)NULL);`, old C's way of returning, from a
   function whose result becomes an index: the new text of the value is `0`, and it must
   not run into the keyword (it was written `return0;`, and the self-check left the list
   unchanged). */
// CFLAGS: -std=gnu89
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

static struct node *find(struct node *h, int key)
{
    for (; h != NULL; h = h->next)
        if (h->key == key)
            return(h);
    return((struct node *)NULL);
}

int main(void)
{
    struct node *h = NULL, *p, *n;
    int i, s = 0;
    for (i = 0; i < 10; i++) {
        p = malloc(sizeof *p);
        if (p == NULL)
            exit(1);
        p->key = i * 7 % 11;
        p->next = h;
        h = p;
    }
    p = find(h, 3);
    if (p != NULL)
        s = p->key;
    for (; h != NULL; h = n) {
        n = h->next;
        s = s * 3 + h->key;
        free(h);
    }
    printf("total %d\n", s);
    return 0;
}
