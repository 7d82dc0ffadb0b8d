#include <stdio.h>
#include <stdlib.h>

#include "tree.h"

static const char *const words[] = {"pear", "apple", "fig", "kiwi", "lime", "date",
                                    "plum", "apple", "fig", "yuzu", "cherry", "lime"};

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 100;
    unsigned x = 7;
    for (int i = 0; i < rounds; i++) {
        x = x * 1103515245u + 12345u;
        symtab = intern(symtab, words[(x >> 16) % (sizeof words / sizeof *words)]);
    }
    printf("symbols=%d weight=%ld root=%s\n", symcount, tree_weight(symtab),
           symtab ? symtab->name : "-");
    tree_free(symtab);
    symtab = NULL;
    return 0;
}
