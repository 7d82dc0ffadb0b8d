#include <stdio.h>
#include <stdlib.h>

#include "shapes.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct shape *shapes = make_shapes(n, 42u);
    struct node *tree = NULL;
    for (struct shape *s = shapes; s; s = s->next)
        tree = insert(tree, s);
    printf("%d shapes, weighted area %ld\n", n, weighted_sum(tree, 1));
    free_tree(tree);
    free_shapes(shapes);
    return 0;
}
