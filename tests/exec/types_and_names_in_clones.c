/* What a program sees of names and static types is the original's
   (tool/rules/TypesAndNames.h): `__func__`, `__FUNCTION__` and `__PRETTY_FUNCTION__` in
   functions that get copies under other names (`walk_pc32`), written in the function, in
   a macro's body and in a macro's argument; `_Generic` over a node pointer, whose type
   becomes an index's, written in the function and in a macro's body. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

#define TRACE(msg) printf("[%s] %s\n", __func__, msg)
#define SHOW(x) printf("%s: %d\n", x, 0)
#define KIND(a) _Generic((a), struct node *: "node", unsigned: "uint", default: "other")

static int walk(struct node *h) {
    int s = 0;
    printf("in %s / %s\n", __func__, __FUNCTION__);
    TRACE("walking");
    SHOW(__func__);
    printf("kind %s %s\n", KIND(h), _Generic(h, struct node *: "node", unsigned: "uint", default: "other"));
    for (; h; h = h->next)
        s += h->v;
    return s;
}

static int pretty(struct node *h) {
    /* gcc prints the name, clang the signature: each the original's. */
    printf("%s\n", __PRETTY_FUNCTION__);
    return h ? h->v : -1;
}

static struct node *push(struct node *h, int v) {
    struct node *n = malloc(sizeof(struct node));
    n->v = v;
    n->next = h;
    TRACE("pushed");
    return n;
}

int main(void) {
    struct node *h = NULL;
    for (int i = 1; i <= 4; i++)
        h = push(h, i);
    printf("sum %d, first %d, in %s\n", walk(h), pretty(h), __func__);
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
