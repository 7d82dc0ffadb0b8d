/* __builtin_choose_expr over node code, and statement-expression macros whose for loop
   declares a node pointer (the declaration is written for the index in the macro's
   expansion). The operand __builtin_choose_expr does not choose is never evaluated; it
   becomes 0 where it names what changes. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

#define SUMV(h) ({ int s_ = 0; for (struct node *q_ = (h); q_; q_ = q_->next) s_ += q_->v; s_; })
#define HEADV(h, fast) __builtin_choose_expr(fast, (h)->v, SUMV(h))

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        n->v = i + 1;
        n->next = h;
        h = n;
    }
    int y = HEADV(h, 1) + HEADV(h, 0);
    int z = __builtin_choose_expr(0, h->next->next->v, h->v);
    printf("%d %d %d\n", SUMV(h), y, z);
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
