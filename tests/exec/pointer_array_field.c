/* em3d's pattern: each node holds a heap array of pointers to its neighbours
   (`malloc(degree * sizeof *p->nbr)`), filled and walked by index, freed with the node.
   The nodes are compressed; the neighbour arrays become arrays of indices but stay
   malloc'd, and the field pointing to one stays a 64-bit pointer. */
// ARGS: 3000 6
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct node *", "owner": "main", "pooled": true, "compressed": true, "todo": true}
// EXPECT: {"type": "struct node *", "owner": "main", "pooled": false, "note": "its elements are 32-bit indices into pool P_list"}
#include <stdio.h>
#include <stdlib.h>

struct node {
    long value;
    struct node *next;
    struct node **nbr;
    int degree;
};

static unsigned long long seed = 4242;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct node *build(int n, int degree, struct node **all) {
    struct node *head = NULL;
    for (int i = 0; i < n; i++) {
        struct node *p = malloc(sizeof *p);
        p->value = (long)(lcg() % 1000);
        p->degree = degree;
        p->nbr = malloc(degree * sizeof *p->nbr);
        p->next = head;
        head = p;
        all[i] = p;
    }
    for (struct node *p = head; p; p = p->next)
        for (int k = 0; k < p->degree; k++)
            p->nbr[k] = k == 0 ? NULL : all[lcg() % (unsigned)n];
    return head;
}

static long relax(struct node *list) {
    long sum = 0;
    for (struct node *p = list; p; p = p->next) {
        long v = p->value;
        for (int k = 0; k < p->degree; k++)
            if (p->nbr[k] != NULL)
                v += p->nbr[k]->value % 7;
        p->value = v % 100003;
        sum += p->value;
    }
    return sum;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int degree = argc > 2 ? atoi(argv[2]) : 4;
    struct node **all = malloc(n * sizeof(struct node *));
    struct node *list = build(n, degree, all);
    free(all);
    long s = 0;
    for (int it = 0; it < 5; it++)
        s = s * 31 + relax(list);
    int count = 0;
    while (list) {
        struct node *next = list->next;
        free(list->nbr);
        free(list);
        list = next;
        count++;
    }
    printf("sum=%ld count=%d\n", s, count);
    return 0;
}
