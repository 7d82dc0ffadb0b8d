/* __builtin_memcpy is memcpy: bison's skeleton grows the parser's stacks with YYCOPY,
   which is __builtin_memcpy under GCC-compatible compilers. The C library model knew
   only the plain names, so everything the copied array pointed to escaped ("passed to
   external function '__builtin_memcpy'"); now the copy's byte count covers the array's
   elements as memcpy's does (analysis/LibcModel.cpp). The builtin forms of allocators
   stay unknown (the rewriter makes pool operations of the C library's calls only). */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int key;
    struct node *next;
};

int main(void)
{
    struct node *stack[4], **grown;
    struct node *list = NULL;
    for (int i = 0; i < 4; i++) {
        struct node *n = malloc(sizeof *n);
        n->key = i;
        n->next = list;
        list = stack[i] = n;
    }
    grown = malloc(8 * sizeof *grown);
    __builtin_memcpy(grown, stack, sizeof stack);
    printf("%d %d\n", grown[0]->key, grown[3]->next->key);
    free(grown);
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
