/* A dispatch table whose functions allocate the nodes they add with a size their caller
   passes (sizeof at the call through the pointer): a clone would take a number of
   objects, which calls through a pointer do not convert, so the list stays unchanged
   with the reason. */
// EXPECT: {"type": "struct node", "pooled": false, "reason": "allocates with a size it receives"}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

struct list {
    struct node *head;
    int n;
};

struct list_ops {
    void (*add)(struct list *l, size_t size, int key);
    long (*total)(const struct list *l);
};

static void add_front(struct list *l, size_t size, int key) {
    struct node *n = malloc(size);
    n->key = key;
    n->next = l->head;
    l->head = n;
    l->n++;
}

static void add_back(struct list *l, size_t size, int key) {
    struct node *n = malloc(size);
    n->key = key;
    n->next = NULL;
    struct node *p = l->head;
    if (!p) {
        l->head = n;
    } else {
        while (p->next)
            p = p->next;
        p->next = n;
    }
    l->n++;
}

static long weighted(const struct list *l) {
    long t = 0, i = 1;
    for (const struct node *p = l->head; p; p = p->next)
        t += p->key * i++;
    return t;
}

static const struct list_ops front_ops = {add_front, weighted};
static const struct list_ops back_ops = {add_back, weighted};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    struct list *l = calloc(1, sizeof *l);
    for (int i = 0; i < n; i++) {
        const struct list_ops *ops = i % 3 ? &front_ops : &back_ops;
        ops->add(l, sizeof(struct node), i * 7 % 100);
    }
    printf("n=%d total=%ld\n", l->n, front_ops.total(l));
    while (l->head) {
        struct node *next = l->head->next;
        free(l->head);
        l->head = next;
    }
    free(l);
    return 0;
}
