/* Two rewrites that changed what the compiler sees around them (found by an adversarial
   review): `free((char *)(h = h->next, p))` became `pc_free(&P_h, h = h->next, p)`, the
   comma no longer inside one argument (the self-check left the list unchanged); and a
   parameter named only under sizeof (`sizeof *p + sizeof p->k`, respelled as the
   original types) became unused in its version, which -Wextra -Werror rejects: the
   version now says `(void)p;`. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int k;
    struct node *next;
};

static unsigned long size_of(struct node *p)
{
    return sizeof *p + sizeof p->k;
}

int main(void)
{
    struct node *h = 0, *p;
    int i, n = 0;
    for (i = 0; i < 8; i++) {
        p = malloc(sizeof *p);
        if (!p)
            return 2;
        p->k = i;
        p->next = h;
        h = p;
    }
    printf("%lu %d\n", size_of(h), h->next->k);
    while (h) {
        p = h;
        free((char *)(h = h->next, p));
        n++;
    }
    printf("%d\n", n);
    return 0;
}
