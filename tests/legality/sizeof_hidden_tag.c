/* sizeof of a node copy, respelled as the original struct, inside a block that declares
   another struct under the same tag: `sizeof(struct node)` would measure the block's
   struct there, so the structure stays unchanged, located at the sizeof. An attribute
   other than `unused` on a local whose declaration is written again (an alignment) would
   be lost, so that structure stays too. From an adversarial review. */
// EXPECT: {"type": "struct node", "owner": "hidden", "pooled": false, "reason": "sizeof of an expression ptrcomp cannot retype at sizeof_hidden_tag.c:30:19"}
// EXPECT: {"type": "struct item", "owner": "aligned", "pooled": false, "reason": "the variable 'x' has an attribute or alignment at sizeof_hidden_tag.c:51:35, which its declaration written again would not keep"}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
struct item { int key; struct item *next; };

static long hidden(void) {
    struct node *h = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            exit(1);
        n->key = i;
        n->next = h;
        h = n;
    }
    struct node tmp = *h;
    long s;
    {
        struct node { char big[100]; } other;
        other.big[0] = 1;
        s = (long)sizeof tmp + other.big[0];
    }
    s += tmp.next->key;
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return s;
}

static long aligned(void) {
    struct item *h = NULL;
    for (int i = 0; i < 5; i++) {
        struct item *n = malloc(sizeof *n);
        if (!n)
            exit(1);
        n->key = i;
        n->next = h;
        h = n;
    }
    struct item *x __attribute__((aligned(64))) = h->next;
    long s = x->key + (long)((uintptr_t)&x % 64);
    while (h) {
        struct item *n = h->next;
        free(h);
        h = n;
    }
    return s;
}

int main(void) {
    printf("%ld %ld\n", hidden(), aligned());
    return 0;
}
