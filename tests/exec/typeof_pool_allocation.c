/* With pool allocation only, node pointers keep their type, so typeof of one, in a
   local's type, a for-init or a type name, and a variable named in an array bound, mean
   what they meant: the structure is pooled (they were refused as if the pointers became
   indices), and sizeof or _Generic of such a variable keeps its text (it was respelled,
   and the variable then looked unused). */
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct node", "owner": "main", "indexed": false}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->key = i;
        n->next = h;
        h = n;
    }
    int s = 0;
    for (__typeof__(h) p = h; p; p = p->next)
        s = s * 3 + p->key;
    __typeof__(h->next) second = h->next;
    char raw[sizeof h];
    __typeof__(h) only_sized = h;
    printf("%d %d %zu %zu %zu %d\n", s, second->key, sizeof(__typeof__(h)), sizeof raw,
           sizeof only_sized, _Generic(only_sized, struct node *: 1, default: 0));
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
