/* A symbol table kept in a global binary tree, shared by three files. */
#ifndef TREE_H
#define TREE_H

struct sym {
    const char *name;
    int hits;
    struct sym *left, *right;
};

extern struct sym *symtab;
extern int symcount;

struct sym *intern(struct sym *at, const char *name);
long tree_weight(const struct sym *s);
void tree_free(struct sym *s);
void dump_tree(const struct sym *s, int depth); /* for debugging: never called */

#endif
