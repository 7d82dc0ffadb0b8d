/* A function header written twice, `#ifdef __STDC__` prototype `#else` K&R header
   `#endif` (old portable C, and flex's YY_USE_PROTOS scanners): when the clone takes
   the original's place, the directives between header and body stay ahead of it, so the
   conditional keeps its shape. They were dropped, leaving an unterminated #ifdef, and
   the whole program was left unchanged. */
// CFLAGS: -std=gnu89
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

#ifdef __STDC__
static struct node *push(struct node *h, int key)
#else
static struct node *push(h, key)
    struct node *h;
    int key;
#endif
{
    struct node *p = malloc(sizeof *p);
    if (p == NULL)
        exit(1);
    p->key = key;
    p->next = h;
    return p;
}

int main(void)
{
    struct node *h = NULL, *n;
    int i, s = 0;
    for (i = 0; i < 10; i++)
        h = push(h, i * 7 % 11);
    for (; h != NULL; h = n) {
        n = h->next;
        s = s * 3 + h->key;
        free(h);
    }
    printf("total %d\n", s);
    return 0;
}
