/* A dispatch table: a struct of function pointers whose types are spelled out, and a
   static table initialised with two implementations. The members take the clones'
   signature (the pool first, the list as an index) and the table names the clones. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

struct list_ops {
    const char *name;
    long (*fold)(const struct node *l, long init);
    int (*count_if)(const struct node *l, int min);
};

static long fold_sum(const struct node *l, long init) {
    for (; l; l = l->next)
        init += l->key;
    return init;
}

static long fold_max(const struct node *l, long init) {
    for (; l; l = l->next)
        if (l->key > init)
            init = l->key;
    return init;
}

static int count_at_least(const struct node *l, int min) {
    int c = 0;
    for (; l; l = l->next)
        c += l->key >= min;
    return c;
}

static const struct list_ops ops[2] = {
    {"sum", fold_sum, count_at_least},
    {"max", fold_max, count_at_least},
};

int main(void) {
    struct node *l = NULL;
    for (int i = 0; i < 10; i++) {
        struct node *n = malloc(sizeof *n);
        n->key = (i * 7) % 10;
        n->next = l;
        l = n;
    }
    for (int k = 0; k < 2; k++)
        printf("%s: %ld %d\n", ops[k].name, ops[k].fold(l, 0), ops[k].count_if(l, 5));
    while (l) {
        struct node *next = l->next;
        free(l);
        l = next;
    }
    return 0;
}
