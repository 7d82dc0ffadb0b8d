// With 16-bit indices, 'first', the last parameter before '...', would become a
// pc_idx16, which default promotions widen: `va_start(ap, first)` is then undefined
// (compilers warn). The structure stays as it is; with 32-bit indices it is compressed.
// PTRCOMP-ARGS: --index-bits=16
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "'first', the last parameter before '...' of 'count', would be a 16-bit index, which va_start cannot name (it is promoted), at function_scope_variadic_parameter.c:10:42"}
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
struct node { short v; struct node *next; };
static int count(long *sum, struct node *first, ...) {
    va_list ap; int k = 0;
    va_start(ap, first);
    *sum = 0;
    for (struct node *n = first; n; n = va_arg(ap, struct node *)) { k++; *sum += n->v; }
    va_end(ap);
    return k;
}
int main(void) {
    struct node *keep[8];
    for (int i = 0; i < 8; i++) {
        keep[i] = malloc(sizeof *keep[i]);
        if (!keep[i]) return 1;
        keep[i]->v = (short)(i + 1); keep[i]->next = i ? keep[i - 1] : NULL;
    }
    long s;
    int k = count(&s, keep[7], keep[3], keep[5], (struct node *)0);
    printf("%d %ld\n", k, s);
    for (int i = 0; i < 8; i++) free(keep[i]);
    return 0;
}
