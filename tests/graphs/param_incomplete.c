/* Nodes reachable from a function's formals are incomplete (I) in its BU graph; in the
   caller that owns the objects they are not. */
#include <stdlib.h>

struct list {
    int x;
    struct list *next; /* offset 8 */
};

static void fill(struct list *l) {
    l->next = malloc(sizeof *l->next); // @fill
    l->next->x = l->x + 1;
    l->next->next = NULL;
}

int main(int argc, char **argv) {
    struct list *head = malloc(sizeof *head); // @head
    head->x = argc;
    head->next = NULL;
    fill(head);
    int r = head->next->x + (argv[0] != NULL);
    free(head->next);
    free(head);
    return r;
}
