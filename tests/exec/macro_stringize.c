/* A macro that prints its argument's text beside its value (#e). Rewriting the argument
   where it is spelled would change the printed text ("a->val = 4" would become a pool
   access), so each use whose argument changes is written as the macro's expansion
   (tool/rewrite/MacroBodies.h), where the string keeps the original text and the
   argument its rewritten one. A second list, shown through a macro that does not
   stringize, keeps its invocations. A stringizing macro whose use cannot be expanded:
   tests/legality/stringized_argument.c. */
// EXPECT: {"type": "struct shown", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct quiet", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct shown {
    int val;
    struct shown *next;
};

struct quiet {
    int val;
    struct quiet *next;
};

#define SHOW(e) printf(#e " = %d\n", (e))
#define VALUE(e) printf("value = %d\n", (e))

int main(void) {
    struct shown *a = NULL;
    struct quiet *b = NULL;
    for (int i = 1; i <= 4; i++) {
        struct shown *x = malloc(sizeof *x);
        x->val = i;
        x->next = a;
        a = x;
        struct quiet *y = malloc(sizeof *y);
        y->val = 10 * i;
        y->next = b;
        b = y;
    }
    int total = 0;
    for (struct shown *p = a; p; p = p->next)
        total += p->val;
    SHOW(total);
    SHOW(total * 2 + 1);
    VALUE(b->val);
    VALUE(b->next->val + b->next->next->val);
    SHOW(a->val);
    while (a) {
        struct shown *n = a->next;
        free(a);
        a = n;
    }
    while (b) {
        struct quiet *n = b->next;
        free(b);
        b = n;
    }
    return 0;
}
