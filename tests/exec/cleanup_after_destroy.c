/* Cleanup rule (tool/rules/Cleanup.h): 'sum' would create the pool of its list and
   destroy it when it returns, but 'steps' is cleaned up after the return has run, when
   the pool would be gone. ptrcomp does not look into what the cleanup does, so the list
   of 'sum' stays as it is. The list of 'count', which has no such variable, is
   compressed. */
// EXPECT: {"type": "struct node", "owner": "sum", "pooled": false, "reason": "'steps' at cleanup_after_destroy.c:23:42 is cleaned up by 'report' when its scope ends, after 'sum' has destroyed the pools it creates"}
// EXPECT: {"type": "struct node", "owner": "count", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

static void report(int *steps) {
    printf("steps %d\n", *steps);
}

static int sum(int k) {
    struct node *h = NULL;
    int s = 0;
    __attribute__((cleanup(report))) int steps = 0;
    for (int i = 0; i < k; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return -1;
        n->v = i;
        n->next = h;
        h = n;
        steps++;
    }
    for (struct node *p = h; p; p = p->next)
        s += p->v;
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return s;
}

static int count(int k) {
    struct node *h = NULL;
    for (int i = 0; i < k; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return -1;
        n->v = i;
        n->next = h;
        h = n;
    }
    int c = 0;
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
        c++;
    }
    return c;
}

int main(void) {
    printf("%d\n", sum(10));
    printf("%d\n", count(20));
    return 0;
}
