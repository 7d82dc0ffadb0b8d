/* A macro that prints its argument's text beside its value (#e). Rewriting the argument
   where it is spelled would change the printed text ("head->val = 3" would become a
   pool access), so the list shown through SHOW stays unchanged, with the located
   reason; stringized arguments keep their original text. A second list, only shown
   through a macro that does not stringize, is compressed. */
// EXPECT: {"type": "struct shown", "owner": "main", "pooled": false, "reason": "the macro argument at macro_stringize.c:44:10 is stringized by 'SHOW' (macro_stringize.c:21:24)"}
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
