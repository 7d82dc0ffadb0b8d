/* A function owning a pool called in a loop: each call of work builds a small sorted list
   and a tree of its own, reads them, frees some nodes and returns; its pools are created
   and destroyed on every call (thousands of times). */
// ARGS: 3000
// EXPECT: {"type": "struct lnode", "owner": "work", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct tn", "owner": "work", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct lnode {
    int v;
    struct lnode *next;
};

struct tn {
    int k;
    struct tn *l, *r;
};

static unsigned long long seed = 12;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct tn *tput(struct tn *t, int k) {
    if (!t) {
        t = malloc(sizeof(struct tn));
        t->k = k;
        t->l = t->r = NULL;
    } else if (k < t->k) {
        t->l = tput(t->l, k);
    } else {
        t->r = tput(t->r, k);
    }
    return t;
}

static int tdepth(struct tn *t) {
    if (!t)
        return 0;
    int a = tdepth(t->l), b = tdepth(t->r);
    return (a > b ? a : b) + 1;
}

static void tfree(struct tn *t) {
    if (t) {
        tfree(t->l);
        tfree(t->r);
        free(t);
    }
}

static unsigned work(int size) {
    struct lnode *head = NULL;
    struct tn *tree = NULL;
    for (int i = 0; i < size; i++) {
        int v = (int)(lcg() % 1000);
        struct lnode *x = malloc(sizeof *x);
        x->v = v;
        if (!head || v < head->v) {
            x->next = head;
            head = x;
        } else {
            struct lnode *p = head;
            while (p->next && p->next->v <= v)
                p = p->next;
            x->next = p->next;
            p->next = x;
        }
        tree = tput(tree, v);
    }
    unsigned h = (unsigned)tdepth(tree);
    for (struct lnode *p = head; p; p = p->next)
        h = h * 31u + (unsigned)p->v;
    tfree(tree);
    while (head) {
        struct lnode *next = head->next;
        free(head);
        head = next;
    }
    return h;
}

int main(int argc, char **argv) {
    int calls = argc > 1 ? atoi(argv[1]) : 2000;
    unsigned acc = 0;
    for (int i = 0; i < calls; i++) {
        acc ^= work(1 + i % 40);
        if (i % 500 == 0)
            printf("call %d: acc=%u\n", i, acc);
    }
    printf("calls=%d acc=%u\n", calls, acc);
    return 0;
}
