/* Context sensitivity: the same builder called at two call sites gives two distinct lists,
   also when the calls are one level down in another function. */
#include <stdlib.h>

struct list {
    int x;
    struct list *next; /* offset 8 */
};

struct two {
    struct list *a;
    struct list *b; /* offset 8 */
};

static struct list *make_list(int n) {
    struct list *head = NULL;
    for (int i = 0; i < n; i++) {
        struct list *node = malloc(sizeof *node); // @mk
        node->x = i;
        node->next = head;
        head = node;
    }
    return head;
}

static int length(struct list *l) {
    int n = 0;
    for (; l; l = l->next)
        n++;
    return n;
}

static void make_two(struct two *t, int n) {
    t->a = make_list(n);
    t->b = make_list(n + 1);
}

int main(void) {
    struct list *p = make_list(3);
    struct list *q = make_list(4);
    struct two t;
    make_two(&t, 2);
    return length(p) + length(q) + length(t.a) + length(t.b);
}
