// A tracer of the program's own passes its `...` on to vsnprintf in a va_list: the C
// library reads the node pointer given for %p as it was passed, so it must stay a
// pointer (as an index, "%p" would print the index). The node escapes there.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "escapes: passed through '...' and on in a va_list to 'vsnprintf' at va_list_forwarded.c:13:5"}
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct node { int v; struct node *next; };
static char last[64];
static void trace(const char *fmt, ...) {
    va_list ap; va_start(ap, fmt);
    vsnprintf(last, sizeof last, fmt, ap);
    va_end(ap);
}
int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n) return 1;
        n->v = i; n->next = h; h = n;
    }
    int same = 0;
    for (struct node *p = h; p; p = p->next) {
        trace("%p %d", (void *)p, p->v);
        char here[64];
        snprintf(here, sizeof here, "%p %d", (void *)p, p->v);
        same += strcmp(here, last) == 0;
    }
    printf("same %d\n", same);
    while (h) { struct node *n = h->next; free(h); h = n; }
    return 0;
}
