// MacroExpansions rule (tool/rules/MacroExpansions.h): FIND, a kernel-style macro with
// a GNU local label, changes in its body, so its uses would be written as expansions;
// clang's printer writes `__label__ found;` as a plain label, and the second use in
// main would define 'found' twice. The structure stays as it is.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "the macro use at macro_expansions_local_label.c:19:13 would be written as its expansion, which cannot keep its local label 'found' (__label__)"}
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
#define FIND(head, key) ({ __label__ found; int i_ = 0; struct node *p_;          \
        for (p_ = (head); p_; p_ = p_->next, i_++) if (p_->v == (key)) goto found; \
        i_ = -1; found: i_; })
int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 20; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n) return 1;
        n->v = i * 3; n->next = h; h = n;
    }
    int a = FIND(h, 27), b = FIND(h, 28);
    printf("%d %d\n", a, b);
    while (h) { struct node *n = h->next; free(h); h = n; }
    return 0;
}
