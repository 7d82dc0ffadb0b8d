/* em3d-style nodes holding separately allocated heap arrays: an array of neighbour
   pointers (becomes an array of indices, allocated with sizeof(pc_idx32), its NULL
   elements stored as 0) and an array of pointers to doubles (unchanged). */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    double value;
    struct node **to_nodes;
    double **coeffs;
    int degree;
    struct node *next;
};

static struct node *make(int n, int degree) {
    struct node *list = NULL;
    for (int i = 0; i < n; i++) {
        struct node *x = malloc(sizeof *x);
        x->value = i * 0.5;
        x->degree = degree;
        x->to_nodes = malloc(degree * sizeof(struct node *));
        x->coeffs = malloc(degree * sizeof(double *));
        for (int k = 0; k < degree; k++) {
            x->to_nodes[k] = NULL;
            x->coeffs[k] = malloc(sizeof(double));
            *x->coeffs[k] = k * 0.25;
        }
        x->next = list;
        list = x;
    }
    return list;
}

static void link_nodes(struct node *list) {
    struct node *other = list;
    for (struct node *x = list; x; x = x->next)
        for (int k = 0; k < x->degree; k++) {
            x->to_nodes[k] = other;
            other = other->next ? other->next : list;
        }
}

static double compute(struct node *list) {
    double s = 0;
    for (struct node *x = list; x; x = x->next)
        for (int k = 0; k < x->degree; k++)
            s += x->to_nodes[k]->value * *x->coeffs[k];
    return s;
}

int main(void) {
    struct node *l = make(100, 3);
    link_nodes(l);
    printf("%.3f\n", compute(l));
    while (l) {
        struct node *n = l->next;
        for (int k = 0; k < l->degree; k++)
            free(l->coeffs[k]);
        free(l->coeffs);
        free(l->to_nodes);
        free(l);
        l = n;
    }
    return 0;
}
