/* Object-like macros that name a field (`#define NEXT next`, used as `p->NEXT`) or a
   whole access (`#define HEAD_VAL head->val`): the list is compressed. */
// EXPECT: {"type": "struct fnode", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct fnode {
    long val;
    struct fnode *next;
};

#define NEXT next
#define VALUE val
#define HEAD_VAL head->VALUE

int main(void) {
    struct fnode *head = NULL;
    for (int i = 1; i <= 200; i++) {
        struct fnode *x = malloc(sizeof *x);
        x->VALUE = (long)i * i % 97;
        x->NEXT = head;
        head = x;
    }
    long s = 0;
    int n = 0;
    for (struct fnode *p = head; p != NULL; p = p->NEXT) {
        s += p->VALUE;
        n++;
    }
    printf("n=%d s=%ld first=%ld\n", n, s, HEAD_VAL);
    while (head) {
        struct fnode *x = head->NEXT;
        free(head);
        head = x;
    }
    return 0;
}
