/* Pointers that go through void * (locals, a parameter, a global) and come back keep
   their node's type. */
#include <stdlib.h>

struct s {
    int a;
    struct s *link;
};

static void *keep;

static void stash(void *p) {
    keep = p;
}

static struct s *fetch(void) {
    return (struct s *)keep;
}

int main(void) {
    void *raw = malloc(sizeof(struct s)); // @raw
    struct s *p = raw;
    p->a = 1;
    p->link = p;
    stash(p);
    struct s *q = fetch();
    void *back = q;
    struct s *r = (struct s *)back;
    return r->a + q->link->a;
}
