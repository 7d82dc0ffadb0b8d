/* A link set from a conditional whose arms are both NULL (`c ? NULL : NULL`, as a macro
   choosing between two null defaults writes it): the value is a void *, not a null
   pointer constant, and becomes the null index with its condition kept (evaluated, as
   it may have effects). Was left unchanged by the self-check: the void * stayed. */
// EXPECT: {"type": "struct vec", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct vec {
    int val;
    struct vec *next;
};

static int asked;
static int ask(int v) { asked++; return v > 2; }

int main(void) {
    struct vec *head = NULL;
    for (int i = 0; i < 6; i++) {
        struct vec *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->val = i + 1;
        n->next = head;
        head = n;
    }
    struct vec *cut = head->next->next;
    head->next->next = (ask(3) ? NULL : NULL);
    long s = 0;
    for (struct vec *p = head; p; p = p->next)
        s = s * 10 + p->val;
    printf("%ld asked %d\n", s, asked);
    head->next->next = cut;
    while (head) {
        struct vec *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
