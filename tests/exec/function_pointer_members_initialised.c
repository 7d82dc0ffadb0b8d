/* Methods named in the brace lists of objects that ptrcomp writes again: a global holder
   (`static struct list G = { NULL, twice };`), one with a designator and `&`, and a
   static local holder. Each names the method's clone, and the edits that rename
   methods elsewhere do not touch these lists (they were "conflicting edits"). From an
   adversarial review. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; int (*score)(const struct node *); };
struct list { struct node *head; int (*key)(const struct node *); };

static int twice(const struct node *a) { return 2 * a->key; }
static int plain(const struct node *a) { return a->key; }

static int sum(struct list *l) {
    int s = 0;
    for (struct node *p = l->head; p; p = p->next)
        s = s * 3 + l->key(p) + p->score(p);
    return s;
}

static struct list G = {NULL, twice};
static struct list H = {.key = &plain};

static void push(struct list *l, int k) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->key = k;
    n->score = k % 2 ? twice : plain;
    n->next = l->head;
    l->head = n;
}

static void drop(struct list *l) {
    while (l->head) {
        struct node *n = l->head;
        l->head = n->next;
        free(n);
    }
}

static int local_run(void) {
    static struct list L = {NULL, plain};
    for (int i = 0; i < 4; i++)
        push(&L, i * 5);
    int s = sum(&L);
    drop(&L);
    return s;
}

int main(void) {
    for (int i = 0; i < 5; i++) {
        push(&G, i);
        push(&H, i + 10);
    }
    printf("%d %d %d %d\n", sum(&G), sum(&H), local_run(), (int)sizeof G);
    drop(&G);
    drop(&H);
    return 0;
}
