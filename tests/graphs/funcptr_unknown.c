/* A function pointer that may come from code outside the program may call anything: the
   objects passed through it escape, even though one known target is in the program. */
#include <stdlib.h>

struct list {
    int x;
    struct list *next;
};

typedef void (*handler)(struct list *);

extern handler get_handler(void);

static void mine(struct list *l) {
    l->x = 1;
}

int main(int argc, char **argv) {
    (void)argv;
    handler h = argc > 1 ? mine : get_handler();
    struct list *l = malloc(sizeof *l); // @l
    l->next = NULL;
    h(l); // @call
    struct list *k = malloc(sizeof *k); // @k
    mine(k);
    return l->x + k->x;
}
