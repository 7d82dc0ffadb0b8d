#include <stdlib.h>

struct node {
    double d;
    double e;
    struct node *next;
};

int sum_b(void) {
    struct node *n = malloc(sizeof *n); // @b
    n->d = 1.0;
    n->e = 2.0;
    n->next = n;
    return (int)(n->next->d + n->e);
}
