/* container_of from a pointer to a member gives back the enclosing object, even through a
   function that does not know the type yet; stepping through an object in bytes by an amount
   the analysis cannot know collapses it (the graph can no longer tell its fields apart). */
#include <stddef.h>
#include <stdlib.h>

struct link {
    struct link *next;
};

struct item {
    int key;
    struct link link;
};

#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))

static struct item *item_of(struct link *l) {
    return container_of(l, struct item, link);
}

static int key_at(struct item *x, int n) {
    char *c = (char *)x;
    c += n; // @step
    return ((struct item *)c)->key;
}

int main(int argc, char **argv) {
    (void)argv;
    struct item *it = malloc(sizeof *it); // @it
    it->key = 1;
    it->link.next = NULL;
    struct item *back = item_of(&it->link);
    struct item *other = malloc(sizeof *other); // @other
    other->key = 2;
    other->link.next = &it->link;
    return back->key + key_at(other, argc - 1);
}
