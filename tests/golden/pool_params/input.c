/* How versions receive their pools: a descriptor where they allocate or free, the base
   where they only reach objects (const where they only read). */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int val;
    struct node *next;
};

static int is_empty(struct node *n) { return n == NULL; }

/* reads only: const base */
static int length(struct node *n) {
    int k = 0;
    while (!is_empty(n)) {
        k++;
        n = n->next;
    }
    return k;
}

static long sum(struct node *n) {
    long s = 0;
    for (; n; n = n->next)
        s += n->val;
    return s;
}

/* writes: base */
static void scale(struct node *n, int f) {
    for (; n; n = n->next)
        n->val *= f;
}

/* passes the pool on only: the base it receives */
static long report(struct node *n) {
    printf("length %d\n", length(n));
    return sum(n);
}

/* allocates: descriptor; calls the readers with its own base */
static struct node *push(struct node *head, int v) {
    struct node *n = malloc(sizeof *n);
    n->val = v;
    n->next = head;
    if (length(head) % 2)
        scale(n, 2);
    return n;
}

static void release(struct node *n) {
    while (n) {
        struct node *next = n->next;
        free(n);
        n = next;
    }
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 10;
    struct node *list = NULL;
    for (int i = 0; i < count; i++)
        list = push(list, i);
    scale(list, 3);
    long total = report(list);
    printf("sum %ld\n", total);
    release(list);
    return 0;
}
