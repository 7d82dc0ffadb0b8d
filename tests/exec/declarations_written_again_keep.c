/* What a local's declaration written again with its new type keeps: `volatile` (a local
   that a longjmp comes back to; at -O2 the original reads it from memory),
   `__attribute__((unused))`, and a variable named only in sizeof or _Generic (respelled as
   its original type) that would otherwise look unused. Parameters keep `unused` in the
   clones' headers. A local whose struct tag a block of the function declares again keeps
   the structure unchanged where sizeof would spell that tag (legality/
   sizeof_hidden_tag.c). From an adversarial review. */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };

static jmp_buf jb;
static void boom(int k) {
    if (k < 2)
        longjmp(jb, 1);
}

static int first_key(struct node *h, int unused_flag __attribute__((unused))) {
    return h->key;
}

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 6; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->key = i;
        n->next = h;
        h = n;
    }
    volatile __typeof__(h) cur = h;
    struct node *volatile cur2 = h;
    if (setjmp(jb) == 0)
        for (;;) {
            boom(cur->key);
            cur = cur->next;
            cur2 = cur2->next;
        }
    __attribute__((unused)) struct node *a = h;
    struct node *only_sized = h->next;
    printf("%d %d %d %zu %d\n", cur->key, cur2->key, first_key(h, 0), sizeof only_sized,
           _Generic(only_sized, struct node *: 5, default: 6));
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
