#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree.h"

struct sym *symtab = NULL;
int symcount;

struct sym *intern(struct sym *at, const char *name) {
    if (at == NULL) {
        struct sym *s = malloc(sizeof(struct sym));
        s->name = name;
        s->hits = 1;
        s->left = s->right = NULL;
        symcount++;
        return s;
    }
    int c = strcmp(name, at->name);
    if (c < 0)
        at->left = intern(at->left, name);
    else if (c > 0)
        at->right = intern(at->right, name);
    else
        at->hits++;
    return at;
}

void dump_tree(const struct sym *s, int depth) {
    if (!s)
        return;
    dump_tree(s->left, depth + 1);
    printf("%*s%s %d\n", depth * 2, "", s->name, s->hits);
    dump_tree(s->right, depth + 1);
}
