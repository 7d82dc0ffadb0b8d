/* linked generator with idioms (atexit, issue 39), seeds 32, 76, 112 of `--count 200`:
   output-compile with clang-16, "tentative definition of variable with internal linkage
   has incomplete non-array type 'struct registry_pc32'". Reduced by hand: a struct whose
   definition is part of the declaration of the global that holds the list
   (`static struct registry { struct node *head; ... } reg;`) gets a compressed layout,
   and the output declared `static struct registry_pc32 reg;` before it defined
   `struct registry_pc32` (a constraint violation of C11 6.9.2p3 that gcc accepts). Now
   the definition stays a declaration of its own, followed by its layout and then by the
   global's new declaration (ProgramRewriter::rewriteGlobalVariables). */
#include <stdio.h>
#include <stdlib.h>

struct node {
    unsigned key;
    struct node *next;
};

/* the struct is defined in the declaration of the global that holds the list */
static struct registry {
    struct node *head;
    unsigned added;
} reg;

int main(void)
{
    unsigned i, sum = 0u;
    struct node *p;
    for (i = 0; i < 10u; i++) {
        p = malloc(sizeof *p);
        if (!p)
            return 2;
        p->key = i * 7u;
        p->next = reg.head;
        reg.head = p;
        reg.added++;
    }
    for (p = reg.head; p; p = p->next)
        sum += p->key;
    printf("%u %u\n", sum, reg.added);
    while (reg.head) {
        p = reg.head->next;
        free(reg.head);
        reg.head = p;
    }
    return 0;
}
