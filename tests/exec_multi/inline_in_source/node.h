/* An inline function defined in a .c file (a.c) and declared here without `inline`: that
   declaration, which a.c includes, makes a.c's definition the program's external one
   (C99 6.7.4). The clone's entry for main.c goes beside its local version in a.c; after
   this declaration, it would be defined in every file that includes node.h. */
#ifndef NODE_H
#define NODE_H

struct node {
    int v;
    struct node *next;
};

int node_val(struct node *n);
long sum_a(struct node *l);

#endif
