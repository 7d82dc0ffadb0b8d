/* A static inline helper in a header that two files include: main.c calls it on its
   pooled list, banner.c never calls it. Its clone must stay `static inline`: a static
   function that banner.c does not call would fail -Wunused-function -Werror there. */
#ifndef NODE_H
#define NODE_H

struct node {
    int v;
    struct node *next;
};

static inline int node_weight(const struct node *n) { return n->v * 2 + 1; }

void banner(const char *title);

#endif
