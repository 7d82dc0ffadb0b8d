/* A call inside assert() takes the address of a list head that ptrcomp retypes. The
   call goes to the clone, with the index's address; as assert prints its argument's
   text when it fails, the use is written as its expansion (once, the rewriter did not
   reach into macro arguments and only the self-check kept the output from calling the
   original with a retyped head). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct entry {
    int value;
    struct entry *next;
};

struct entry *list_append(struct entry **head, const int *v) {
    struct entry *e = malloc(sizeof *e);
    if (!e)
        return NULL;
    e->value = *v;
    e->next = *head;
    *head = e;
    return e;
}

static int list_sum(struct entry *l) {
    int s = 0;
    for (; l; l = l->next)
        s += l->value;
    return s;
}

int main(void) {
    struct entry *list = NULL;
    for (int v = 0; v < 10; v++)
        assert(list_append(&list, &v) != NULL);
    printf("%d\n", list_sum(list));
    while (list) {
        struct entry *n = list->next;
        free(list);
        list = n;
    }
    return 0;
}
