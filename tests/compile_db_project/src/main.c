#include <stdio.h>
#include <stdlib.h>
#include "shapes.h"

#ifdef LIST_SCALE
#error "only list.c is compiled with -DLIST_SCALE"
#endif
#if defined(__has_include)
#if __has_include("tree_config.h")
#error "only tree.c is compiled with -Iextra"
#endif
#endif

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct cell *cells = make_cells(n);
    struct node *tree = NULL;
    for (int i = 0; i < n; i++)
        tree = insert_key(tree, i * 31 + 5);
    printf("cells %d sum %ld\n", n, sum_cells(cells));
    printf("tree nodes %d height %d\n", count_nodes(tree), tree_height(tree));
    free_cells(cells);
    free_tree(tree);
    return 0;
}
