/* __LINE__ after every kind of line ptrcomp inserts: the layout beside struct node, the
   runtime's #include, the clone of sum() written beside it (the original stays: it is
   extern) and of max_of() in its place (static, only called with pooled nodes), the pool's
   creation at the entry of count() and its destruction before each return, a macro use
   over two lines written as its expansion on one. Inside the clones __LINE__ is the
   original's; printed in plain code, through a macro, and in a macro's body (in a use on
   one line: over several, GCC and clang disagree). The output gets `#line` directives
   where lines shifted, so every number is the original's. */
// EXPECT: {"type": "struct node", "owner": "count", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

#define TRACE(what) printf("%-40s line %d\n", what, __LINE__)
/* Expanded at their uses (their bodies read fields that become indices). */
#define VAL_AT(n) (printf("%-40s line %d\n", "macro body, expanded", __LINE__), (n)->val)
#define SECOND(n) ((n)->next->val)

static int before_struct(void) { return __LINE__; }

struct node {
    int val;
    struct node *next;
};

static int after_struct(void) { return __LINE__; }

int sum(struct node *n) {
    int s = 0;
    TRACE("inside the clone of sum");
    for (; n; n = n->next)
        s += n->val;
    printf("%-40s line %d\n", "end of the clone of sum", __LINE__);
    return s;
}

static int after_clone(void) { return __LINE__; }

static int max_of(struct node *n) {
    int m = -1;
    for (; n; n = n->next)
        if (n->val > m)
            m = n->val;
    TRACE("inside the clone of max_of");
    return m;
}

static int after_replaced(void) { return __LINE__; }

static struct node *push(struct node *l, int v) {
    struct node *n = malloc(sizeof *n);
    n->val = v;
    n->next = l;
    return n;
}

static void drop(struct node *l) {
    while (l) {
        struct node *n = l->next;
        free(l);
        l = n;
    }
}

static int count(int n) { /* creates the pool at its entry: a comment
                             over two lines right after the new lines */
    TRACE("entry of the pool's owner");
    int too_many = -1;
    struct node *l = NULL;
    for (int i = 0; i < n; i++)
        l = push(l, i * 3);
    if (n > 100) {
        drop(l);
        return too_many;
    }
    if (n < 0) return too_many - 1;
    TRACE("after a return that destroys the pool");
    int v = VAL_AT(l) + SECOND(
        l);
    TRACE("after a macro use over two lines");
    printf("%-40s line %d\n",
           "second line of a call", __LINE__);
    int s = sum(l) + max_of(l) + v;
    drop(l);
    TRACE("before the last return");
    return s;
}

int main(void) {
    printf("%-40s line %d\n", "before the struct", before_struct());
    printf("%-40s line %d\n", "after the struct's layout", after_struct());
    printf("%-40s line %d\n", "after the clone beside sum", after_clone());
    printf("%-40s line %d\n", "after the clone in max_of's place", after_replaced());
    printf("count: %d\n", count(10));
    TRACE("end of main");
    return 0;
}
